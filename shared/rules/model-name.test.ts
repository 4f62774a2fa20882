import { describe, expect, it } from 'vitest';
import {
  assembleModelName,
  NAME_MESSAGES,
  nameKey,
  nameProblems,
  shortDisease,
  suffixProblems,
  versionLabel,
} from './model-name';

describe('assembleModelName', () => {
  it('joins the present parts with " - " in the order of the specification', () => {
    expect(
      assembleModelName({
        therapeutic_area: 'Oncology',
        disease: 'Non-small cell lung cancer',
        product: ['Zeta', 'Alpha'],
        model_type: 'Partitioned Survival',
        type: 'Global',
        version_release_of_model: '2',
        study_number: 'KN-189',
        suffix: 'EU',
      }),
    ).toBe(
      'Oncology - Non-small cell lung cancer - Alpha - Zeta - Partitioned Survival - Global - Version: 2.0 - KN-189 - EU',
    );
  });

  it('leaves out parts that are missing', () => {
    expect(assembleModelName({ therapeutic_area: 'Vaccines', version_release_of_model: '1.1' })).toBe(
      'Vaccines - Version: 1.1',
    );
  });
});

describe.each([
  ['1', 'Version: 1.0'],
  ['1.1', 'Version: 1.1'],
  ['10.25', 'Version: 10.25'],
])('versionLabel(%s)', (input, expected) => {
  it(`is ${expected}`, () => expect(versionLabel(input)).toBe(expected));
});

describe('shortDisease', () => {
  it('keeps a disease of 50 characters', () => {
    const d = 'x'.repeat(50);
    expect(shortDisease(d)).toBe(d);
  });
  it('cuts a disease of 51 characters to 44 plus "..."', () => {
    expect(shortDisease('y'.repeat(51))).toBe(`${'y'.repeat(44)}...`);
  });
});

describe('nameProblems', () => {
  it('accepts a 200-character suffix and refuses a 201-character one', () => {
    expect(nameProblems({ suffix: 'a'.repeat(200) })).toEqual([]);
    expect(nameProblems({ suffix: 'a'.repeat(201) })).toContain(NAME_MESSAGES.suffixTooLong);
  });
  it.each([
    [
      'a line break',
      'EU\nsecond line',
      'Suffix must not contain control characters such as line breaks or tabs',
    ],
    ['a right-to-left override', 'EU\u202Eexe', 'Suffix must not contain bidirectional control characters'],
    ['a lone surrogate', 'EU\uD800', 'Suffix must not contain broken characters'],
  ])('refuses a suffix with %s in words', (_what, suffix, message) => {
    expect(nameProblems({ suffix })).toEqual([expect.stringContaining(message)]);
    expect(suffixProblems(suffix)).toEqual([expect.stringContaining(message)]);
  });
  it('refuses a generated name over 255 characters', () => {
    expect(
      nameProblems({ therapeutic_area: 'T', suffix: 's'.repeat(200), study_number: 'n'.repeat(60) }),
    ).toContain(NAME_MESSAGES.tooLong);
  });
});

describe('nameKey', () => {
  it('treats names that differ in case and blanks as the same name', () => {
    expect(nameKey('  Oncology -  NSCLC ')).toBe(nameKey('oncology - nsclc'));
  });
});
