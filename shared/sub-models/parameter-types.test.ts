import { describe, expect, it } from 'vitest';
import {
  ALTERNATIVE_PARAMETER_CATEGORIES,
  CONTROL_TYPE_LABELS,
  categoryName,
  DEFAULT_CATEGORY_ID,
  EXPERTISE_LEVELS,
  expertiseLevelOrUndefined,
  PARAMETER_CATEGORIES,
  PARAMETER_TYPES,
  parseExpertiseLevel,
} from './parameter-types';

describe('parameter types (§3)', () => {
  it('has the 13 types', () => {
    expect(PARAMETER_TYPES).toEqual([
      'STRING',
      'BOOLEAN',
      'INTEGER',
      'REAL_NUMBER',
      'DECIMAL',
      'DATE',
      'SINGLE_SELECT',
      'MULTI_SELECT',
      'ARRAY',
      'RANGE',
      'SELECTOR',
      'LABEL',
      'FILE',
    ]);
  });
});

describe('parameter categories (§3)', () => {
  it.each([
    ['3', 'Demographics'],
    ['12', 'Behavioral'],
    ['43', 'Screening'],
    ['6', 'Natural History of Disease'],
    ['9', 'Disease/Treatment Patterns'],
    ['46', 'Vaccine Assumptions'],
    ['15', 'Vaccination Strategy'],
    ['49', 'Costs'],
    ['52', 'QALYs'],
    ['18', 'Other'],
  ])('the default set has %s %s', (id, name) => {
    expect(PARAMETER_CATEGORIES).toContainEqual({ id, name });
  });
  it('the default set has ten categories and defaults to 3', () => {
    expect(PARAMETER_CATEGORIES).toHaveLength(10);
    expect(DEFAULT_CATEGORY_ID).toBe('3');
  });
  it('the alternative set is Content Options, Presentation Options, Other', () => {
    expect(ALTERNATIVE_PARAMETER_CATEGORIES).toEqual([
      { id: '1', name: 'Content Options' },
      { id: '2', name: 'Presentation Options' },
      { id: '18', name: 'Other' },
    ]);
  });
  it.each([
    ['52', 'QALYs'],
    ['2', 'Presentation Options'],
    ['99', undefined],
  ])('names category %s %s', (id, name) => {
    expect(categoryName(id)).toBe(name);
  });
});

describe('controls', () => {
  it('has Hide/Show and Enable/Disable', () => {
    expect(CONTROL_TYPE_LABELS).toEqual({ HIDE_SHOW: 'Hide/Show', ENABLE_DISABLE: 'Enable/Disable' });
  });
});

describe('expertise levels (§3)', () => {
  it('are 250 Basic, 500 Intermediate, 750 Advanced, 1000 Expert', () => {
    expect(EXPERTISE_LEVELS.map((e) => `${e.level} ${e.label}`)).toEqual([
      '250 Basic',
      '500 Intermediate',
      '750 Advanced',
      '1000 Expert',
    ]);
  });
  it.each([
    [750, 750],
    ['250', 250],
    ['1000-Expert', 1000],
    ['750 - Advanced', 750],
    ['Advanced', 750],
    ['basic', 250],
    [undefined, 500],
    ['', 500],
    ['600', 500],
    ['abc-750', 500],
  ])('reads %j as %i (default 500)', (raw, level) => {
    expect(parseExpertiseLevel(raw)).toBe(level);
  });
  it('tells an unknown level apart for imports', () => {
    expect(expertiseLevelOrUndefined('Guru')).toBeUndefined();
  });
});
