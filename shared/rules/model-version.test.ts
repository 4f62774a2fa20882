import { describe, expect, it } from 'vitest';
import type { ModelMetadata } from '../schemas/model';
import {
  compareVersions,
  VERSION_MESSAGES,
  versionFormatProblem,
  versionLineageProblem,
} from './model-version';

describe('versionFormatProblem', () => {
  it.each([
    ['1', undefined],
    ['1.1', undefined],
    ['123.456', undefined],
    ['', VERSION_MESSAGES.required],
    [undefined, VERSION_MESSAGES.required],
    ['1.', VERSION_MESSAGES.format],
    ['v1', VERSION_MESSAGES.format],
    ['1.1.1', VERSION_MESSAGES.format],
    ['-1', VERSION_MESSAGES.format],
    ['12345.67', VERSION_MESSAGES.tooLong],
  ])('%s → %s', (version, expected) => {
    expect(versionFormatProblem(version)).toBe(expected);
  });
});

describe('compareVersions', () => {
  it('orders versions as decimal numbers', () => {
    expect(['2', '1.5', '1', '1.15'].sort(compareVersions)).toEqual(['1', '1.15', '1.5', '2']);
  });
});

const parent: ModelMetadata = {
  version_release_of_model: '1.1',
  country: ['Germany'],
  global: 'false',
  disease: 'NSCLC',
  product: ['Alpha'],
  therapeutic_area: 'Oncology',
};

describe('versionLineageProblem', () => {
  it('refuses a version not above the parent in the same scope', () => {
    expect(versionLineageProblem({ metadata: { ...parent, version_release_of_model: '1.1' }, parent })).toBe(
      VERSION_MESSAGES.minimum('1.1'),
    );
    expect(versionLineageProblem({ metadata: { ...parent, version_release_of_model: '1' }, parent })).toBe(
      VERSION_MESSAGES.minimum('1.1'),
    );
  });

  it('accepts a version above the parent', () => {
    expect(
      versionLineageProblem({ metadata: { ...parent, version_release_of_model: '1.2' }, parent }),
    ).toBeUndefined();
  });

  it('accepts a lower version when the scope differs (another country)', () => {
    expect(
      versionLineageProblem({
        metadata: { ...parent, country: ['France'], version_release_of_model: '1' },
        parent,
      }),
    ).toBeUndefined();
  });

  it('treats two global models as the same scope whatever their countries', () => {
    const globalParent = { ...parent, global: 'true' as const, country: [] };
    expect(
      versionLineageProblem({
        metadata: { ...parent, global: 'true', country: ['Spain'], version_release_of_model: '1' },
        parent: globalParent,
      }),
    ).toBe(VERSION_MESSAGES.minimum('1.1'));
  });

  it('refuses a version not below the smallest child version', () => {
    expect(
      versionLineageProblem({
        metadata: { ...parent, version_release_of_model: '3' },
        childVersions: ['2.5', '4'],
      }),
    ).toBe(VERSION_MESSAGES.maximum('2.5'));
  });
});

describe('the version rules of 000 §5 as a table (issue 18)', () => {
  // Parent: version 1.1, Germany, not global, Melanoma, [A, B], Oncology.
  it.each<[string, Partial<ModelMetadata>, string, string | undefined]>([
    ['same scope, above the parent', {}, '1.2', undefined],
    ['same scope, equal to the parent', {}, '1.1', VERSION_MESSAGES.minimum('1.1')],
    ['same scope, below the parent', {}, '0.9', VERSION_MESSAGES.minimum('1.1')],
    [
      'products in another order are the same scope',
      { product: ['B', 'A'] },
      '1',
      VERSION_MESSAGES.minimum('1.1'),
    ],
    ['another country', { country: ['France'] }, '1', undefined],
    ['global instead of a country', { global: 'true', country: [] }, '1', undefined],
    ['another disease', { disease: 'Glioma' }, '1', undefined],
    ['another product set', { product: ['A'] }, '1', undefined],
    ['another therapeutic area', { therapeutic_area: 'Cardiology' }, '1', undefined],
    ['seven characters', {}, '12.3456', undefined],
    ['more than seven characters', {}, '12.34567', VERSION_MESSAGES.tooLong],
    ['two dots', {}, '1.1.1', VERSION_MESSAGES.format],
    ['a letter', {}, 'v2', VERSION_MESSAGES.format],
    ['empty', {}, '', VERSION_MESSAGES.required],
  ])('%s: %s', (_case, change, version, expected) => {
    const scoped: ModelMetadata = {
      version_release_of_model: '1.1',
      country: ['Germany'],
      global: 'false',
      disease: 'Melanoma',
      product: ['A', 'B'],
      therapeutic_area: 'Oncology',
    };
    expect(
      versionLineageProblem({
        metadata: { ...scoped, ...change, version_release_of_model: version },
        parent: scoped,
      }),
    ).toBe(expected);
  });

  it.each([
    ['2', ['3', '2.5'], undefined],
    ['2.5', ['3', '2.5'], VERSION_MESSAGES.maximum('2.5')],
    ['2.6', ['3', '2.5'], VERSION_MESSAGES.maximum('2.5')],
    ['9', [], undefined],
  ])('version %s with children %j: %s', (version, children, expected) => {
    expect(
      versionLineageProblem({ metadata: { version_release_of_model: version }, childVersions: children }),
    ).toBe(expected);
  });
});
