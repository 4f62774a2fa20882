import type { MetadataField, ModelMetadata } from '../schemas/model';

/** Labels of metadata fields as the forms and the '{field} is missing' messages show them. */
export const METADATA_LABELS: Partial<Record<MetadataField, string>> = {
  version_release_of_model: 'Version Release of Model',
  version_log: 'Version Log',
  changelog_file: 'Changelog File',
  veap_id: 'VEAP ID',
  revops_id: 'REV/OPS ID',
  country: 'Country',
  global: 'Global',
  information_classification: 'Information Classification',
  model_type: 'Model Type',
  type: 'Global/Adaptation',
  therapeutic_area: 'Therapeutic Area',
  product: 'Product',
  disease: 'Disease',
  study_number: 'Trial Number',
  mk_number: 'MK Number',
  stage_of_model_development: 'Stage of Model Development',
  platform: 'Platform',
  objective_of_model: 'Objective of Model',
  suffix: 'Suffix',
  legal_notice: 'Legal Notice',
  isid_of_model_steward: 'ISID of Model Steward',
  email_for_model_steward: 'Email for Model Steward',
  name_of_model_steward: 'Name of Model Steward',
};

export const missingMessage = (label: string) => `${label} is missing`;

/** Required metadata (000 §5); country is required unless the model is global. */
export const REQUIRED_METADATA: readonly MetadataField[] = [
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
];

export const RECOMMENDATION_VEAP_REVOPS = 'We strongly recommend to fill in VEAP ID or REV/OPS ID';
export const CHOOSING_COUNTRY_TURNS_GLOBAL_OFF = 'Choosing a country turns global off';

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The required fields that are empty, in the order of REQUIRED_METADATA, then country. */
export function missingRequiredFields(metadata: ModelMetadata): MetadataField[] {
  const missing = REQUIRED_METADATA.filter((f) => isEmpty(metadata[f]));
  if (metadata.global !== 'true' && isEmpty(metadata.country)) missing.push('country');
  return missing;
}

/**
 * The form's country/global coupling: choosing a country when none was set before turns global off.
 * Returns the metadata to keep.
 */
export function withCountries(metadata: ModelMetadata, countries: string[]): ModelMetadata {
  const hadCountry = !isEmpty(metadata.country);
  return {
    ...metadata,
    country: countries,
    ...(!hadCountry && countries.length > 0 ? { global: 'false' as const } : {}),
  };
}

/** VEAP/REV-OPS: only recommended, never required. */
export function veapRecommendation(metadata: ModelMetadata): string | undefined {
  return isEmpty(metadata.veap_id?.id) && isEmpty(metadata.revops_id)
    ? RECOMMENDATION_VEAP_REVOPS
    : undefined;
}

/** Option lists that restrict metadata values (002 §2 Metadata management). */
export interface MetadataOptionLists {
  therapeutic_area: readonly string[];
  disease: readonly string[];
  product: readonly string[];
  study_number: readonly string[];
  country: readonly string[];
  model_type: readonly string[];
  stage_of_model_development: readonly string[];
}

export const invalidOptionMessage = (label: string, value: string) =>
  `${value} is not a valid option for ${label}`;

/**
 * Values that are not among the allowed (active) options. Classification and type are enums in the
 * schema, so zod already refuses other values.
 */
export function invalidOptions(
  metadata: ModelMetadata,
  options: MetadataOptionLists,
): { field: MetadataField; value: string; message: string }[] {
  const problems: { field: MetadataField; value: string; message: string }[] = [];
  const check = (field: keyof MetadataOptionLists, values: readonly string[] | undefined) => {
    const allowed = new Set(options[field]);
    for (const value of values ?? []) {
      if (!allowed.has(value)) {
        problems.push({
          field,
          value,
          message: invalidOptionMessage(METADATA_LABELS[field] ?? field, value),
        });
      }
    }
  };
  check('therapeutic_area', metadata.therapeutic_area ? [metadata.therapeutic_area] : []);
  check('disease', metadata.disease ? [metadata.disease] : []);
  check('product', metadata.product);
  check('study_number', metadata.study_number ? [metadata.study_number] : []);
  check('country', metadata.country);
  check('model_type', metadata.model_type ? [metadata.model_type] : []);
  check(
    'stage_of_model_development',
    metadata.stage_of_model_development ? [metadata.stage_of_model_development] : [],
  );
  return problems;
}

/** Metadata a known study (trial number) carries: choosing the study fills these fields (002 §3). */
export interface StudyAssignedMetadata {
  disease?: string;
  product?: string[];
  therapeutic_area?: string;
  model_type?: string;
  type?: ModelMetadata['type'];
  information_classification?: ModelMetadata['information_classification'];
}

/**
 * Study-number auto-fill in a form, at the moment the study is chosen: the study's assigned metadata
 * replaces the matching fields as a starting point (000 §5). What the user changes afterwards is what
 * is saved: the server only fills what is still empty (`fillEmptyFromStudy`).
 */
export function fillFromStudy(
  metadata: ModelMetadata,
  studyNumber: string,
  assigned: StudyAssignedMetadata,
): ModelMetadata {
  const filled: ModelMetadata = { ...metadata, study_number: studyNumber };
  for (const [key, value] of Object.entries(assigned) as [keyof StudyAssignedMetadata, unknown][]) {
    if (!isEmpty(value)) (filled as Record<string, unknown>)[key] = value;
  }
  return filled;
}

/**
 * Study-number auto-fill on the server (create, a changed study on update, name check): the study's
 * assigned metadata fills only the fields the client left empty, so a client that sends just the
 * study gets its metadata, and a choice the user made after the form's fill (e.g. 'Country
 * Adaptation' for a study assigned 'Global') is saved, shown and named as chosen.
 */
export function fillEmptyFromStudy(
  metadata: ModelMetadata,
  studyNumber: string,
  assigned: StudyAssignedMetadata,
): ModelMetadata {
  const filled: ModelMetadata = { ...metadata, study_number: studyNumber };
  for (const [key, value] of Object.entries(assigned) as [keyof StudyAssignedMetadata, unknown][]) {
    if (!isEmpty(value) && isEmpty(filled[key])) (filled as Record<string, unknown>)[key] = value;
  }
  return filled;
}
