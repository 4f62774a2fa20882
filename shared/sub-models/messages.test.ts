import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, failedToParse, SUB_MODEL_MESSAGES } from './messages';

/** Texts quoted in spec 001; each row is the key and the exact quote. */
describe('spec texts are verbatim (001 §2, §5, §8)', () => {
  it.each([
    ['pathMustBeRelative', 'Path must be relative path'],
    ['invalidDataStructure', 'Invalid data structure'],
    ['unsupportedFileExtension', 'Unsupported File Extension'],
    ['unsupportedInputDefinitionType', 'Unsupported Input Definition Type'],
    ['formattingFailed', 'Formatting failed. Unsupported type'],
    ['specialCharacters', 'Special characters cannot be entered in this field.'],
    ['variableNameStart', 'Please enter a value that begins with a letter without any special characters.'],
    [
      'noHelpFiles',
      'There are no files available for selection, please add help file in the model or if they are already available please assign the File Type as Help File.',
    ],
    ['failedToLoadHelpFiles', 'Failed to load the help files'],
    ['inputDataMustNotBeArray', 'Input Data must not be an Array.'],
    ['saveAnyway', 'Do you want to save it anyway?'],
    ['fileTooLarge', 'File exceeds 1 MB limit. Reduce the file size and try again.'],
    ['fileRequired', 'File is required'],
    ['fileAlreadyExists', 'File already exists, either choose a different file or rename the new file.'],
    ['failedToUpdateFiles', 'Failed to update Files.'],
    [
      'invalidTemplateBlocksInstance',
      'Input Definition is not valid and needs to be fixed before proceeding.',
    ],
    [
      'subModelAccessDenied',
      "Selected User doesn't have the access to this Sub Model. Please contact Model Owner to grant access to the Sub Model.",
    ],
    ['deleteSubModelConfirm', 'I confirm that this sub-model will be permanently deleted.'],
    ['deleteSubModelButton', 'Delete sub-model'],
    ['proceedWithoutOutdating', 'Proceed without outdating'],
    ['outdateInstances', 'Outdate instances'],
    ['deleteGroupConfirm', 'Are you sure you want to delete this group?'],
    ['noSubModelFound', 'No SubModel was found'],
    ['noInputDefinitionFound', 'No Input Definition was found'],
    ['noScenarioFound', 'No scenario was found'],
    ['inputDefinitionUpdated', 'Input Definition has been updated'],
    ['subModelCreated', 'Sub-model has been created'],
    ['subModelUpdated', 'Sub-model has been updated'],
    ['subModelDeleted', 'Sub-model has been deleted'],
    ['instanceCreated', 'Instance has been created'],
    ['instanceUpdated', 'Instance has been updated'],
    ['instanceShared', 'Instance has been shared'],
    ['scenarioParametersUpdated', 'Scenario Parameters have been updated'],
    ['scenarioDeleted', 'Scenario deleted'],
    ['scenarioCloned', 'Scenario cloned'],
    ['scenarioCopied', 'Scenario copied'],
    ['emailSent', 'Email has been sent'],
    ['noExecutableFile', 'There is no executable file.'],
    ['shareInstance', 'Share Instance'],
    ['sendEmailToSelectedUsers', 'Send an email to selected users'],
    ['sharedWith', 'Shared with'],
    ['stopSharing', 'Stop Sharing'],
    ['canceled', 'Canceled'],
  ] as [keyof typeof SUB_MODEL_MESSAGES, string][])('%s is %j', (key, text) => {
    expect(SUB_MODEL_MESSAGES[key]).toBe(text);
  });

  it('names missing files', () => {
    expect(SUB_MODEL_MESSAGES.filesMissing(['run.py', 'lib.R'])).toBe('run.py, lib.R file is/are missing.');
  });
});

describe('form messages (§5)', () => {
  it.each([
    [FORM_MESSAGES.required('Name'), 'Name is required'],
    [FORM_MESSAGES.tooLong('Name'), 'Name is too long'],
    [FORM_MESSAGES.emailIncorrect, 'Email format is incorrect'],
    [FORM_MESSAGES.notUnique('Name'), 'Name is not unique'],
    [FORM_MESSAGES.invalid('Type'), 'Type value is invalid'],
    [FORM_MESSAGES.greaterThan('Size', 0), 'Size must be greater then 0'],
    [FORM_MESSAGES.equalOrGreaterThan('Max', 1), 'Max must be equal or greater then 1'],
    [FORM_MESSAGES.smallerThan('Age', 9), 'Age must be smaller then 9'],
    [FORM_MESSAGES.equalOrSmallerThan('Age', 9), 'Age must be equal or smaller then 9'],
    [FORM_MESSAGES.mustBeInteger('Min'), 'Min must be integer'],
    [FORM_MESSAGES.mustBeNumber('Min'), 'Min must be a number'],
    [FORM_MESSAGES.wrongFormat('Date'), 'Date is in wrong format'],
    [failedToParse('integer', 'abc'), 'Failed to parse integer from abc'],
    [failedToParse('string', [1]), 'Failed to parse string from [1]'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
