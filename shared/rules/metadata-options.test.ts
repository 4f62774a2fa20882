import { describe, expect, it } from 'vitest';
import {
  added,
  affectText,
  assignedMetadataProblems,
  deleteRefusal,
  editRefusal,
  OPTION_TEXTS,
  optionValueProblem,
  retireRefusal,
} from './metadata-options';

const products = [
  { value: 'Glucora', retired: false },
  { value: 'Old Brand', retired: true },
];
const fileTypes = [
  { value: 'Model', retired: false },
  { value: 'Legacy', retired: true },
];

describe('option values (002 §5)', () => {
  it.each([
    ['product', '', undefined, 'required', 'This field is required.'],
    ['product', '   ', undefined, 'required', 'This field is required.'],
    ['product', 'glucora', undefined, 'isUnique', OPTION_TEXTS.isUnique],
    ['product', '  GLUCORA ', undefined, 'isUnique', OPTION_TEXTS.isUnique],
    ['product', 'old   brand', undefined, 'isUnique', OPTION_TEXTS.isUnique],
    ['product', 'Glucora XR', undefined, undefined, undefined],
    ['product', 'x'.repeat(256), undefined, 'maxLength', 'Maximum length is 255 characters.'],
    ['product', 'GLUCORA', 'Glucora', undefined, undefined],
    ['file_tag', 'Report', undefined, undefined, undefined],
    ['file_tag', 'Report 2', undefined, 'lettersOnly', OPTION_TEXTS.lettersOnly],
    ['file_tag', 'Re-port', undefined, 'lettersOnly', OPTION_TEXTS.lettersOnly],
    ['file_tag', 'a'.repeat(25), undefined, undefined, undefined],
    ['file_tag', 'a'.repeat(26), undefined, 'maxLength', 'Maximum length is 25 characters.'],
    ['file_tag', 'model', undefined, 'isUnique', OPTION_TEXTS.isUnique],
    [
      'file_tag',
      'LEGACY',
      undefined,
      'retiredFileType',
      'Retired File Type cannot be used again. Please add a new File Type.',
    ],
  ] as const)('%s %j (editing %j) → %s', (type, value, current, key, message) => {
    const list = type === 'file_tag' ? fileTypes : products;
    const problem = optionValueProblem(type, value, list, current);
    expect(problem?.key).toBe(key);
    expect(problem?.message).toBe(message);
  });
});

describe('which actions a row offers (002 §4, §5)', () => {
  it.each([
    [{ retired: false, usage: 0 }, undefined, undefined, undefined],
    [{ retired: false, usage: 3 }, undefined, undefined, OPTION_TEXTS.usedCannotBeDeleted],
    [
      { retired: true, usage: 0 },
      OPTION_TEXTS.retiredCannotBeEdited,
      OPTION_TEXTS.alreadyRetired,
      OPTION_TEXTS.retiredCannotBeDeleted,
    ],
    [{ retired: false }, OPTION_TEXTS.uncounted, undefined, OPTION_TEXTS.uncounted],
    [
      { retired: false, usage: 5, renaming: true },
      OPTION_TEXTS.renameRunning,
      OPTION_TEXTS.renameRunning,
      OPTION_TEXTS.renameRunning,
    ],
  ])('%j: edit %j, retire %j, delete %j', (row, edit, retire, remove) => {
    expect(editRefusal(row)).toBe(edit);
    expect(retireRefusal(row)).toBe(retire);
    expect(deleteRefusal(row)).toBe(remove);
  });
});

describe('texts', () => {
  it('counts affected entries as the spec words it', () => {
    expect(affectText(0)).toBe("This operation won't affect any model entries");
    expect(affectText(1)).toBe('This operation will affect 1 model entry');
    expect(affectText(1234)).toBe('This operation will affect 1234 model entries');
  });

  it("says '{value} has been added into {property}' with the tab's name", () => {
    expect(added('Glucora XR', 'product')).toBe('Glucora XR has been added into Products');
    expect(added('NCT1', 'study_number')).toBe('NCT1 has been added into Trial Numbers');
  });
});

describe("a study number's assigned metadata", () => {
  const lists = {
    disease: ['Melanoma'],
    product: ['Oncolira', 'Tumivex'],
    therapeutic_area: ['Oncology'],
    model_type: ['Cost-effectiveness'],
  };

  it('accepts values of the active lists', () => {
    expect(
      assignedMetadataProblems(
        { disease: 'Melanoma', product: ['Oncolira', 'Tumivex'], therapeutic_area: 'Oncology' },
        lists,
      ),
    ).toEqual({});
  });

  it('names each value that is not among them', () => {
    expect(
      assignedMetadataProblems({ disease: 'Flu', product: ['Oncolira', 'Nope'], model_type: 'X' }, lists),
    ).toEqual({
      disease: 'Flu is not an allowed value',
      product: 'Nope is not an allowed value',
      model_type: 'X is not an allowed value',
    });
  });
});
