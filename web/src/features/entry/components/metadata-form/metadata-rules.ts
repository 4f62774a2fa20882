import { MESSAGES } from '@shared/messages';
import {
  fillFromStudy,
  invalidOptions,
  METADATA_LABELS,
  missingRequiredFields,
  veapRecommendation,
  withCountries,
} from '@shared/rules/model-metadata';
import { versionFormatProblem } from '@shared/rules/model-version';
import { inputErrorMap } from '@shared/schemas/input';
import { type MetadataField, type ModelMetadata, ModelMetadataSchema } from '@shared/schemas/model';
import { type OptionLists, ruleOptionLists, studyAssignedMetadata } from '../../../../api/metadata-options';

/**
 * The form's wiring of the shared metadata rules (000 §5). No rule is decided here: requiredness,
 * option membership, the country/global coupling, study auto-fill, the VEAP recommendation and the
 * version format all come from shared/rules; lengths, characters and links from the API's own schema
 * (shared/schemas/model.ts), in the API's words with the form's labels.
 */
export type MetadataErrors = Partial<Record<MetadataField, string>>;

const EXTRA_LABELS: Partial<Record<MetadataField, string>> = {
  bitbucket_project: 'Source Control Project',
  bitbucket_repository: 'Source Control Repository',
  bitbucket_path: 'Source Control Path',
  bitbucket_commit: 'Source Control Commit',
  mathematica_environment: 'Mathematica Environment',
  python_environment: 'Python Environment',
  model_execution_environment: 'Model Execution Environment',
  model_development_plan: 'Model Development Plan',
  usage_notes: 'Usage Notes',
  notes: 'Notes',
  label: 'Label',
  indication: 'Indication',
  ext_url: 'External URL',
  webmodel: 'WebModel',
  global_adaptation: 'Global Adaptation',
};

export const fieldLabel = (field: MetadataField) => METADATA_LABELS[field] ?? EXTRA_LABELS[field] ?? field;

/** The schema's messages name the field by its label ('External URL must be a link …'). */
const labelledErrors = inputErrorMap((path) =>
  path[0] === 'veap_id' && path[1] === 'url' ? 'VEAP URL' : fieldLabel(String(path[0]) as MetadataField),
);

/** What the API's schema refuses, by metadata field (the first problem of each). */
export function schemaErrors(metadata: ModelMetadata): MetadataErrors {
  const result = ModelMetadataSchema.safeParse(metadata, { error: labelledErrors });
  const errors: MetadataErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as MetadataField | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The steward's fields are filled from the access step / Model Access, not typed in this form. */
export const STEWARD_FIELDS: readonly MetadataField[] = [
  'isid_of_model_steward',
  'email_for_model_steward',
  'name_of_model_steward',
];

export function metadataErrors(
  metadata: ModelMetadata,
  lists: OptionLists | undefined,
  options: { includeSteward?: boolean } = {},
): MetadataErrors {
  const errors: MetadataErrors = schemaErrors(metadata);
  for (const field of missingRequiredFields(metadata)) {
    if (!options.includeSteward && STEWARD_FIELDS.includes(field)) continue;
    errors[field] ??= MESSAGES.fieldRequired;
  }
  if (lists) {
    for (const problem of invalidOptions(metadata, ruleOptionLists(lists))) {
      errors[problem.field] ??= problem.message;
    }
  }
  if (!errors.version_release_of_model) {
    const version = versionFormatProblem(metadata.version_release_of_model);
    if (version) errors.version_release_of_model = version;
  }
  return errors;
}

export const isMetadataValid = (
  metadata: ModelMetadata,
  lists: OptionLists | undefined,
  options?: { includeSteward?: boolean },
) => Object.keys(metadataErrors(metadata, lists, options)).length === 0;

/** Country choice: 'Choosing a country turns global off' when no country was set before. */
export const applyCountries = (metadata: ModelMetadata, countries: string[]) =>
  withCountries(metadata, countries);

export const applyGlobal = (metadata: ModelMetadata, global: boolean): ModelMetadata => ({
  ...metadata,
  global: global ? 'true' : 'false',
});

/** Study number: fills the metadata the study carries (002 §3); an empty choice clears only the study. */
export function applyStudyNumber(
  metadata: ModelMetadata,
  studyNumber: string | undefined,
  lists: OptionLists | undefined,
): ModelMetadata {
  if (!studyNumber) {
    const { study_number: _removed, ...rest } = metadata;
    return rest;
  }
  return fillFromStudy(metadata, studyNumber, studyAssignedMetadata(lists, studyNumber) ?? {});
}

export { veapRecommendation };

/** Drops empty strings and lists so that optional fields are absent rather than blank. */
export function compactMetadata(metadata: ModelMetadata): ModelMetadata {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === 'veap_id' && typeof value === 'object' && !(value as { id?: string }).id?.trim()) continue;
    out[key] = value;
  }
  return out as ModelMetadata;
}
