import { describe, expect, it } from 'vitest';
import type { ModelMetadata } from '../schemas/model';
import {
  fillEmptyFromStudy,
  fillFromStudy,
  invalidOptions,
  type MetadataOptionLists,
  missingRequiredFields,
  RECOMMENDATION_VEAP_REVOPS,
  veapRecommendation,
  withCountries,
} from './model-metadata';
import { assembleModelName } from './model-name';

const complete: ModelMetadata = {
  disease: 'NSCLC',
  product: ['Alpha'],
  therapeutic_area: 'Oncology',
  model_type: 'Markov',
  stage_of_model_development: 'Final',
  information_classification: 'Confidential',
  type: 'Global',
  version_release_of_model: '1',
  email_for_model_steward: 'steward@example.com',
  isid_of_model_steward: 'steward',
  country: ['Germany'],
  global: 'false',
};

describe('missingRequiredFields', () => {
  it('finds nothing missing on complete metadata', () => {
    expect(missingRequiredFields(complete)).toEqual([]);
  });

  it.each([
    'disease',
    'product',
    'therapeutic_area',
    'model_type',
    'stage_of_model_development',
    'information_classification',
    'type',
    'version_release_of_model',
    'email_for_model_steward',
    'isid_of_model_steward',
  ] as const)('reports %s when it is empty', (field) => {
    const metadata = { ...complete, [field]: field === 'product' ? [] : undefined };
    expect(missingRequiredFields(metadata)).toEqual([field]);
  });

  it('requires a country unless the model is global', () => {
    expect(missingRequiredFields({ ...complete, country: [] })).toEqual(['country']);
    expect(missingRequiredFields({ ...complete, country: [], global: 'true' })).toEqual([]);
  });
});

describe('withCountries', () => {
  it('turns global off when the first country is chosen', () => {
    expect(withCountries({ global: 'true' }, ['France']).global).toBe('false');
  });
  it('keeps global when countries were already set', () => {
    expect(withCountries({ global: 'true', country: ['Spain'] }, ['Spain', 'France']).global).toBe('true');
  });
});

describe('veapRecommendation', () => {
  it('recommends VEAP or REV/OPS when both are empty', () => {
    expect(veapRecommendation({})).toBe(RECOMMENDATION_VEAP_REVOPS);
    expect(veapRecommendation({ revops_id: 'R-1' })).toBeUndefined();
    expect(veapRecommendation({ veap_id: { id: 'V-1' } })).toBeUndefined();
  });
});

describe('invalidOptions', () => {
  const options: MetadataOptionLists = {
    therapeutic_area: ['Oncology'],
    disease: ['NSCLC'],
    product: ['Alpha', 'Beta'],
    study_number: ['KN-189'],
    country: ['Germany', 'France'],
    model_type: ['Markov'],
    stage_of_model_development: ['Final'],
  };
  it('accepts values from the lists', () => {
    expect(invalidOptions({ ...complete, study_number: 'KN-189' }, options)).toEqual([]);
  });
  it('names each value that is not an option', () => {
    const problems = invalidOptions({ ...complete, product: ['Alpha', 'Gamma'], country: ['Mars'] }, options);
    expect(problems.map((p) => [p.field, p.value])).toEqual([
      ['product', 'Gamma'],
      ['country', 'Mars'],
    ]);
  });
});

describe('fillFromStudy', () => {
  it("fills the study's assigned metadata and keeps the rest", () => {
    const filled = fillFromStudy({ suffix: 'EU', disease: 'Old' }, 'KN-189', {
      disease: 'NSCLC',
      product: ['Alpha'],
    });
    expect(filled).toEqual({ suffix: 'EU', disease: 'NSCLC', product: ['Alpha'], study_number: 'KN-189' });
  });
});

describe('fillEmptyFromStudy (the server)', () => {
  const assigned = { disease: 'NSCLC', product: ['Alpha'], type: 'Global' as const };

  it('keeps what the user chose after the form filled from the study, and fills only empty fields', () => {
    const chosen = { type: 'Country Adaptation' as const, disease: '', suffix: 'EU' };
    expect(fillEmptyFromStudy(chosen, 'KN-189', assigned)).toEqual({
      type: 'Country Adaptation',
      disease: 'NSCLC',
      product: ['Alpha'],
      suffix: 'EU',
      study_number: 'KN-189',
    });
  });

  it('the form, the name and the server agree on a choice made after the study filled the form', () => {
    const form = {
      ...fillFromStudy({ suffix: 'EU' }, 'KN-189', assigned),
      type: 'Country Adaptation' as const,
    };
    const saved = fillEmptyFromStudy(form, 'KN-189', assigned);
    expect(saved).toEqual(form);
    expect(assembleModelName(saved)).toContain('Country Adaptation');
    expect(assembleModelName(saved)).not.toContain('Global');
  });
});
