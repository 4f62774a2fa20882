/**
 * Every user-visible text of sub-models, input definitions, parameters, instances, groups and sharing
 * (spec 001 §2, §4, §5, §6, §8). Texts in `SUB_MODEL_MESSAGES` and `FORM_MESSAGES` are quoted verbatim
 * from the spec, typos included ('greater then'), so that web, API and tests find the same string.
 * `DESIGNED_MESSAGES` holds the few texts the spec needs but does not quote; they are ours.
 */
export const SUB_MODEL_MESSAGES = {
  // Section headers and sub-model dialogs (§2)
  calibrationManagement: 'Calibration Management',
  displayManagement: 'Display Management',
  scenarioManagement: 'Scenario Management',
  selectFile: 'Select file',
  deleteSubModelConfirm: 'I confirm that this sub-model will be permanently deleted.',
  deleteSubModelButton: 'Delete sub-model',
  proceedWithoutOutdating: 'Proceed without outdating',
  outdateInstances: 'Outdate instances',
  pathMustBeRelative: 'Path must be relative path',
  noSubModelFound: 'No SubModel was found',
  noInputDefinitionFound: 'No Input Definition was found',
  inputDefinitionUpdated: 'Input Definition has been updated',
  subModelCreated: 'Sub-model has been created',
  subModelUpdated: 'Sub-model has been updated',
  subModelDeleted: 'Sub-model has been deleted',

  // Definition import and formatting (§5, §8)
  invalidDataStructure: 'Invalid data structure',
  unsupportedFileExtension: 'Unsupported File Extension',
  unsupportedInputDefinitionType: 'Unsupported Input Definition Type',
  formattingFailed: 'Formatting failed. Unsupported type',

  // Parameter definition editor (§5)
  specialCharacters: 'Special characters cannot be entered in this field.',
  variableNameStart: 'Please enter a value that begins with a letter without any special characters.',
  noHelpFiles:
    'There are no files available for selection, please add help file in the model or if they are already available please assign the File Type as Help File.',
  failedToLoadHelpFiles: 'Failed to load the help files',

  // Instance parameters editor and parameter files (§2, §5, §8)
  inputDataMustNotBeArray: 'Input Data must not be an Array.',
  saveAnyway: 'Do you want to save it anyway?',
  fileTooLarge: 'File exceeds 1 MB limit. Reduce the file size and try again.',
  fileExtensionUnsupported: (examples: readonly string[]) =>
    `File extension is unsupported, examples of supported extensions are: ${examples.join(', ')}`,
  fileRequired: 'File is required',
  fileAlreadyExists: 'File already exists, either choose a different file or rename the new file.',
  failedToUpdateFiles: 'Failed to update Files.',
  canceled: 'Canceled',
  scenarioParametersUpdated: 'Scenario Parameters have been updated',

  // Instances (§2, §3, §5, §8)
  invalidTemplateBlocksInstance: 'Input Definition is not valid and needs to be fixed before proceeding.',
  noScenarioFound: 'No scenario was found',
  outdatedChip: 'Outdated',
  sharedMarker: 'Shared',
  instanceCreated: 'Instance has been created',
  instanceUpdated: 'Instance has been updated',
  instanceShared: 'Instance has been shared',
  scenarioDeleted: 'Scenario deleted',
  scenarioCloned: 'Scenario cloned',
  scenarioCopied: 'Scenario copied',
  noExecutableFile: 'There is no executable file.',
  filesMissing: (names: readonly string[]) => `${names.join(', ')} file is/are missing.`,

  // Groups (§2)
  deleteGroupConfirm: 'Are you sure you want to delete this group?',

  // Sharing (§2, §6, §8)
  shareInstance: 'Share Instance',
  sendEmailToSelectedUsers: 'Send an email to selected users',
  sharedWith: 'Shared with',
  stopSharing: 'Stop Sharing',
  stopSharingConfirm: (instance: string, user: string) =>
    `Do you want to stop sharing ${instance} instance with ${user}?`,
  subModelAccessDenied:
    "Selected User doesn't have the access to this Sub Model. Please contact Model Owner to grant access to the Sub Model.",
  emailSent: 'Email has been sent',
} as const;

/**
 * The form messages of §5 ('{label} is required', 'is too long', ...). The spec quotes the label only
 * for 'is required'; the other fragments follow the same '{label} {fragment}' form so that a field's
 * message always names the field.
 */
export const FORM_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string) => `${label} is too long`,
  emailIncorrect: 'Email format is incorrect',
  notUnique: (label: string) => `${label} is not unique`,
  invalid: (label: string) => `${label} value is invalid`,
  greaterThan: (label: string, limit: string | number) => `${label} must be greater then ${limit}`,
  equalOrGreaterThan: (label: string, limit: string | number) =>
    `${label} must be equal or greater then ${limit}`,
  smallerThan: (label: string, limit: string | number) => `${label} must be smaller then ${limit}`,
  equalOrSmallerThan: (label: string, limit: string | number) =>
    `${label} must be equal or smaller then ${limit}`,
  mustBeInteger: (label: string) => `${label} must be integer`,
  mustBeNumber: (label: string) => `${label} must be a number`,
  wrongFormat: (label: string) => `${label} is in wrong format`,
} as const;

/** 'Failed to parse ... from ...' (§5 converters). */
export const failedToParse = (what: string, from: unknown): string =>
  `Failed to parse ${what} from ${typeof from === 'object' && from !== null ? safeStringify(from) : String(from)}`;

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Texts the spec needs but does not quote (our wording). */
export const DESIGNED_MESSAGES = {
  /** §5 "only one option selected for single select". */
  onlyOneSelected: 'Only one option can be selected.',
  /** §5 "an unmatched option fails with a message" (definition import, controlled-by index). */
  controlledByUnmatched: (value: string, controller: string) =>
    `Controlled by value ${value} does not match an option of ${controller}.`,
  /** §5 definition import: the controlled-by parameter does not exist in the file. */
  controllerNotFound: (controller: string) => `Controlled by parameter ${controller} was not found.`,
  /** §5 definition import: a file that is not well-formed JSON or XML. */
  unreadableFile: (detail: string) => `The file could not be read: ${detail}`,
  /** §5 definition import: XML that could make the parser expand, fetch or recurse (issue 16 §2). */
  xmlEntities: 'XML definition files must not declare entities (<!ENTITY>); write the text out instead.',
  xmlExternal: 'XML definition files must not refer to external files (DOCTYPE with SYSTEM or PUBLIC).',
  xmlTooDeep: (max: number) =>
    `The XML file nests elements more than ${max} levels deep; definitions need no more than a few.`,
  /** §5 sub-model form: the output directory path has no stated limit; ours keeps runs from failing. */
  outputPathTooLong: (max: number) =>
    `Output Directory Path is too long, maximum length is ${max} characters.`,
  /** §5 parameter file upload: a name that could be read as a path or break a file system (issue 16 §2). */
  fileNameUnsafe:
    'File name must not contain / or \\, "..", control characters or any of < > : " | ? *. Rename the file and try again.',
  /** §5 parameter file upload: longer than most file systems allow. */
  fileNameTooLong: (max: number) =>
    `File name is longer than ${max} characters. Rename the file and try again.`,
  /** §5 file definition tooltip ("tooltip says not above 1 MB"). */
  fileSizeTooltip: 'Maximum file size in MB; files above 1 MB are not accepted.',
} as const;
