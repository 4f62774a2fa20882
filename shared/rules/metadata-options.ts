import { MESSAGES } from '../messages';
import { METADATA_OPTION_TYPE_LABELS, type MetadataOptionType } from '../schemas/metadata-option';
import type { StudyAssignedMetadata } from './model-metadata';

/**
 * The rules of the metadata option screen (002 §4, §5, §8), shared by the admin screen (to disable
 * buttons and show problems at the field) and the server (which refuses the same cases).
 */

export const OPTION_TEXTS = {
  isUnique: 'This option already exists.',
  lettersOnly: 'Only letters are allowed.',
  fileTypeTooLong: 'Maximum length is 25 characters.',
  retiredFileType: 'Retired File Type cannot be used again. Please add a new File Type.',
  deleteConfirmationRequired: 'You have to check confirmation checkbox',
  retireConfirmation: 'I confirm that this option will be permanently retired.',
  updated: 'The option has been updated',
  retired: 'The option has been retired',
  deleted: 'The option has been deleted',
  fileTypesUpdated: 'File Types have been updated.',
  fileTypesFailed: 'Failed to update File Types.',
  retiredCannotBeEdited: 'A retired option cannot be edited.',
  retiredCannotBeDeleted: 'A retired option cannot be deleted.',
  usedCannotBeDeleted: 'An option that model entries use cannot be deleted.',
  alreadyRetired: 'The option is retired already.',
  renameRunning: 'This option is being renamed. Wait until the rename has finished.',
  uncounted: 'Usage of this property is not counted, so its options can only be added and retired.',
  notFound: 'The option was not found.',
} as const;

export const added = (value: string, type: MetadataOptionType) =>
  `${value} has been added into ${METADATA_OPTION_TYPE_LABELS[type]}`;

/** 'This operation will affect N model entries' / '... won't affect any' (002 §2). */
export function affectText(count: number): string {
  if (count === 0) return "This operation won't affect any model entries";
  return `This operation will affect ${count} model ${count === 1 ? 'entry' : 'entries'}`;
}

/** File types: letters only, at most 25 (002 §5, §9). */
export const FILE_TYPE_MAX = 25;
/** Every other option: the schema's limit. */
export const OPTION_VALUE_MAX = 255;

/** The key two values share when they are the same option: trimmed, spaces collapsed, lowercased. */
export const optionKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

export type OptionProblemKey = 'required' | 'isUnique' | 'lettersOnly' | 'maxLength' | 'retiredFileType';
export interface OptionProblem {
  key: OptionProblemKey;
  message: string;
}

/** What a list holds, as far as the rules need it. */
export interface ExistingOption {
  value: string;
  retired: boolean;
}

/**
 * The problem of a new value for an option of `type` (Add, or Edit of `current`), or undefined.
 * 1. Required (after trimming).
 * 2. File Types: letters only, at most 25.
 * 3. Unique within the list ignoring case (the option being edited excepted); a File Type equal to a
 *    retired one gets its own text, since it can never be used again.
 */
export function optionValueProblem(
  type: MetadataOptionType,
  value: string,
  existing: readonly ExistingOption[],
  current?: string,
): OptionProblem | undefined {
  const trimmed = value.trim();
  if (!trimmed) return { key: 'required', message: MESSAGES.fieldRequired };
  if (type === 'file_tag') {
    if (!/^[A-Za-z]+$/.test(trimmed)) return { key: 'lettersOnly', message: OPTION_TEXTS.lettersOnly };
    if (trimmed.length > FILE_TYPE_MAX) return { key: 'maxLength', message: OPTION_TEXTS.fileTypeTooLong };
  } else if (trimmed.length > OPTION_VALUE_MAX) {
    return { key: 'maxLength', message: `Maximum length is ${OPTION_VALUE_MAX} characters.` };
  }
  const key = optionKey(trimmed);
  const skip = current === undefined ? undefined : optionKey(current);
  const same = existing.find((o) => optionKey(o.value) === key && optionKey(o.value) !== skip);
  if (!same) return undefined;
  if (type === 'file_tag' && same.retired)
    return { key: 'retiredFileType', message: OPTION_TEXTS.retiredFileType };
  return { key: 'isUnique', message: OPTION_TEXTS.isUnique };
}

/** The option of a row as the buttons need it: usage undefined when the property is not counted. */
export interface OptionState {
  retired: boolean;
  usage?: number;
  /** A rename job is moving the entries of this option. */
  renaming?: boolean;
}

/** Edit Option: not for a retired option (002 §4), nor during its rename, nor when usage is unknown. */
export function editRefusal(option: OptionState): string | undefined {
  if (option.retired) return OPTION_TEXTS.retiredCannotBeEdited;
  if (option.renaming) return OPTION_TEXTS.renameRunning;
  if (option.usage === undefined) return OPTION_TEXTS.uncounted;
  return undefined;
}

/** Retire Option: an active option, once. */
export function retireRefusal(option: OptionState): string | undefined {
  if (option.retired) return OPTION_TEXTS.alreadyRetired;
  if (option.renaming) return OPTION_TEXTS.renameRunning;
  return undefined;
}

/** Delete Option: only an unused, unretired option (002 §5). */
export function deleteRefusal(option: OptionState): string | undefined {
  if (option.retired) return OPTION_TEXTS.retiredCannotBeDeleted;
  if (option.renaming) return OPTION_TEXTS.renameRunning;
  if (option.usage === undefined) return OPTION_TEXTS.uncounted;
  if (option.usage > 0) return OPTION_TEXTS.usedCannotBeDeleted;
  return undefined;
}

/** The active values a study number's assigned metadata may name (002 §5 'among the allowed lists'). */
export interface AssignableLists {
  disease: readonly string[];
  product: readonly string[];
  therapeutic_area: readonly string[];
  model_type: readonly string[];
}

/** Problems of a study number's 'Assigned metadata' block, by field; empty when every value is allowed. */
export function assignedMetadataProblems(
  metadata: StudyAssignedMetadata,
  lists: AssignableLists,
): Partial<Record<keyof StudyAssignedMetadata, string>> {
  const problems: Partial<Record<keyof StudyAssignedMetadata, string>> = {};
  const notAllowed = (value: string) => `${value} is not an allowed value`;
  const check = (field: keyof AssignableLists, value: string | undefined) => {
    if (value && !lists[field].includes(value)) problems[field] = notAllowed(value);
  };
  check('disease', metadata.disease);
  check('therapeutic_area', metadata.therapeutic_area);
  check('model_type', metadata.model_type);
  const badProduct = (metadata.product ?? []).find((p) => !lists.product.includes(p));
  if (badProduct) problems.product = notAllowed(badProduct);
  // type and information_classification are enums of the schema: zod refuses other values.
  return problems;
}
