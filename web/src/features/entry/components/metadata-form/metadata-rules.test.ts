// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { optionLists } from '../../../../testing/model-detail-fixtures';
import { applyCountries, applyStudyNumber, compactMetadata, metadataErrors } from './metadata-rules';

describe('metadata form rules wiring', () => {
  it('marks every required field and the country unless global', () => {
    const errors = metadataErrors({}, optionLists);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'country',
        'disease',
        'information_classification',
        'model_type',
        'product',
        'stage_of_model_development',
        'therapeutic_area',
        'type',
        'version_release_of_model',
      ].sort(),
    );
    expect(errors.disease).toBe('This field is required.');
    expect(metadataErrors({ global: 'true' }, optionLists).country).toBeUndefined();
  });

  it('checks the steward fields only when asked', () => {
    expect(metadataErrors({}, optionLists, { includeSteward: true }).isid_of_model_steward).toBe(
      'This field is required.',
    );
  });

  it('refuses values outside the option lists', () => {
    expect(metadataErrors({ disease: 'Flu' }, optionLists).disease).toBe(
      'Flu is not a valid option for Disease',
    );
  });

  it('checks the version format', () => {
    expect(metadataErrors({ version_release_of_model: '1.a' }, optionLists).version_release_of_model).toBe(
      'Version must match number format like "1" or "1.1"',
    );
    expect(
      metadataErrors({ version_release_of_model: '2.1' }, optionLists).version_release_of_model,
    ).toBeUndefined();
  });

  it('turns global off when the first country is chosen', () => {
    expect(applyCountries({ global: 'true' }, ['Germany'])).toMatchObject({
      global: 'false',
      country: ['Germany'],
    });
    expect(applyCountries({ global: 'true', country: ['France'] }, ['France', 'Germany']).global).toBe(
      'true',
    );
  });

  it('fills the metadata a study carries', () => {
    expect(applyStudyNumber({ disease: 'Pneumonia' }, 'KN-042', optionLists)).toMatchObject({
      study_number: 'KN-042',
      disease: 'Lung Cancer',
      product: ['Keytruda'],
      therapeutic_area: 'Oncology',
      model_type: 'Cost-effectiveness',
    });
    expect(applyStudyNumber({ study_number: 'KN-042', disease: 'X' }, undefined, optionLists)).toEqual({
      disease: 'X',
    });
  });

  it("refuses what the API's schema refuses, in the API's words with the form's labels", () => {
    const errors = metadataErrors(
      {
        ext_url: 'javascript:alert(1)',
        notes: 'fine\nbut \u202Ereversed',
        indication: 'tab\there',
        veap_id: { id: 'V-1', url: 'data:text/html,x' },
      },
      optionLists,
    );
    expect(errors.ext_url).toBe('External URL must be a link starting with http:// or https://');
    expect(errors.notes).toBe(
      'Notes must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)',
    );
    expect(errors.indication).toBe(
      'Indication must not contain control characters such as line breaks or tabs',
    );
    expect(errors.veap_id).toBe('VEAP URL must be a link starting with http:// or https://');
    expect(metadataErrors({ ext_url: 'https://example.com/model' }, optionLists).ext_url).toBeUndefined();
  });

  it('drops blank optional fields', () => {
    expect(
      compactMetadata({ notes: '  ', country: [], veap_id: { id: '' }, disease: 'Lung Cancer' }),
    ).toEqual({
      disease: 'Lung Cancer',
    });
  });
});
