import * as z from 'zod/mini';
import { freeText, httpUrl } from './input';
import { IsidSchema } from './user';

/**
 * Model entries (000 §3). Field names of the metadata follow the specification (snake_case), so that
 * spec rules and option lists read the same in code. Multi-value fields are arrays here; the spec's
 * storage joins ('|' for products, ', ' for MK numbers) are only used where a text form is needed.
 */

/**
 * Zod schemas are immutable, so fields of the same kind share one instance: zod builds each schema
 * object at import time, and the metadata's 40-odd fields would otherwise cost every handler that
 * loads them ~150 objects (about 5 ms of cold start with the garbage they leave).
 */
const sharedSchemas = new Map<string, z.ZodMiniType>();
function shared<T extends z.ZodMiniType>(key: string, build: () => T): T {
  let schema = sharedSchemas.get(key) as T | undefined;
  if (!schema) {
    schema = build();
    sharedSchemas.set(key, schema);
  }
  return schema;
}
/** Free text (input.ts): trimmed, at most `max` characters, no control or bidirectional characters. */
const text = (max: number) => freeText({ max });
const optionalText = (max: number) => shared(`text? ${max}`, () => z.optional(text(max)));
/** Free text that may span lines (tabs and line breaks allowed). */
const optionalLines = (max: number) =>
  shared(`lines? ${max}`, () => z.optional(freeText({ max, multiline: true })));
const optionalUrl = () => shared('url?', () => z.optional(httpUrl(2000)));
/** 'true' or 'false', stored as strings as in the original product. */
const trueFalse = () => shared('true|false', () => z.enum(['true', 'false']));

export const ModelStatusSchema = z.enum(['CREATING', 'DRAFT', 'PUBLISHED', 'RETIRED', 'DELETED']);
export type ModelStatus = z.infer<typeof ModelStatusSchema>;

export const MODEL_STATUS_LABELS: Record<ModelStatus, string> = {
  CREATING: 'Creating',
  DRAFT: 'Draft',
  PUBLISHED: 'Published',
  RETIRED: 'Retired',
  DELETED: 'Deleted',
};

export const InformationClassificationSchema = z.enum(['Public', 'Proprietary', 'Sensitive', 'Confidential']);
export type InformationClassification = z.infer<typeof InformationClassificationSchema>;

/** The most sensitive classification: external users may never be given access to such a model. */
export const TOP_SENSITIVITY_CLASSIFICATION: InformationClassification = 'Confidential';

/** Letter badges for the classification icon (000 §1). */
export const CLASSIFICATION_BADGES: Record<InformationClassification, { letter: string; color: string }> = {
  Public: { letter: 'P', color: 'green' },
  Proprietary: { letter: 'Pr', color: 'teal' },
  Sensitive: { letter: 'S', color: 'red' },
  Confidential: { letter: 'C', color: 'orange' },
};

/**
 * Platforms. 'Oncology' is the THEOREM family, 'Pneumococcal Vaccines' the PNEU-insights family; both
 * carry extra permission flags and are read-only in places. The display label maps the pneumococcal
 * platform to a shorter name (000 §2).
 */
export const PlatformSchema = z.enum([
  'Model Repository',
  'WebModel 2.0',
  'Oncology',
  'Pneumococcal Vaccines',
]);
export type Platform = z.infer<typeof PlatformSchema>;
export const PLATFORM_DISPLAY_LABELS: Record<Platform, string> = {
  'Model Repository': 'Model Repository',
  'WebModel 2.0': 'WebModel 2.0',
  Oncology: 'Oncology',
  'Pneumococcal Vaccines': 'PNEU-insights',
};

/**
 * The entry's "type" (global or adaptation). Its label is part of the generated name and it is the
 * Global/Adaptation facet of the Dynamic View (000 §3: 'Global', 'Country Adaptation',
 * 'Global + Country Adaptation').
 */
export const ModelKindSchema = z.enum(['Global', 'Country Adaptation', 'Global + Country Adaptation']);
export type ModelKind = z.infer<typeof ModelKindSchema>;

export const VeapSchema = z.object({
  id: text(50),
  name: optionalText(255),
  projectTitle: optionalText(255),
  keyContact: optionalText(255),
  primaryIndication: optionalText(255),
  productName: optionalText(255),
  therapeuticArea: optionalText(255),
  mkvNumber: z.optional(z.array(text(50)).check(z.maxLength(50))),
  /** http or https only: whoever follows the link opens a page, never runs a script. */
  url: optionalUrl(),
});

/** Every metadata field of 000 §3. Requiredness is a rule (shared/rules/model-metadata.ts), not a type. */
export const ModelMetadataSchema = z.object({
  version_release_of_model: optionalText(7),
  version_log: optionalLines(10_000),
  changelog_file: optionalText(64),
  veap_id: z.optional(VeapSchema),
  revops_id: optionalText(50),
  tree_parent_id: optionalText(64),
  tree_root_id: optionalText(64),
  country: z.optional(z.array(text(100)).check(z.maxLength(300))),
  /** 'true' or 'false': stored as a string as in the original product. */
  global: shared('true|false?', () => z.optional(trueFalse())),
  information_classification: z.optional(InformationClassificationSchema),
  bitbucket_project: optionalText(255),
  bitbucket_repository: optionalText(255),
  bitbucket_path: optionalText(1000),
  bitbucket_commit: optionalText(100),
  model_type: optionalText(100),
  type: z.optional(ModelKindSchema),
  therapeutic_area: optionalText(100),
  product: z.optional(z.array(text(100)).check(z.maxLength(50))),
  disease: optionalText(255),
  study_number: optionalText(100),
  mk_number: z.optional(z.array(text(50)).check(z.maxLength(50))),
  stage_of_model_development: optionalText(100),
  global_adaptation: z.optional(ModelKindSchema),
  platform: z.optional(PlatformSchema),
  webmodel: optionalText(255),
  mathematica_environment: optionalText(100),
  python_environment: optionalText(100),
  model_execution_environment: optionalText(100),
  objective_of_model: optionalLines(4000),
  notes: optionalLines(4000),
  model_development_plan: optionalText(255),
  label: optionalText(255),
  indication: optionalText(255),
  suffix: optionalText(200),
  legal_notice: optionalLines(10_000),
  /** http or https only: whoever follows the link opens a page, never runs a script. */
  ext_url: optionalUrl(),
  usage_notes: optionalLines(4000),
  isid_of_model_steward: optionalText(64),
  email_for_model_steward: optionalText(255),
  name_of_model_steward: optionalText(255),
});
export type ModelMetadata = z.infer<typeof ModelMetadataSchema>;
export type MetadataField = keyof ModelMetadata;

/** Role names (000 §3 "Model access values"). */
export const ModelRoleSchema = z.enum([
  'VESTLEAD',
  'STEWARD',
  'OWNER',
  'VIEWER',
  'DISPLAYVIEWER',
  'CALIBRATORMODELER',
  'SCENARIOMODELER',
]);
export type ModelRole = z.infer<typeof ModelRoleSchema>;

export const MODEL_ROLE_LABELS: Record<ModelRole, string> = {
  VESTLEAD: 'Value and Implementation Lead',
  STEWARD: 'Model Steward',
  OWNER: 'Model Owner',
  VIEWER: 'Model Viewer',
  DISPLAYVIEWER: 'Display User',
  CALIBRATORMODELER: 'Calibration Modeler',
  SCENARIOMODELER: 'Scenario Modeler',
};

/** The permission sets of a model entry (000 §3). */
export const ModelRolesSchema = z.object({
  vestLead: z.optional(IsidSchema),
  steward: z.optional(IsidSchema),
  owners: z.array(IsidSchema).check(z.maxLength(200)),
  viewers: z.array(IsidSchema).check(z.maxLength(2000)),
  displayViewers: z.array(IsidSchema).check(z.maxLength(2000)),
  calibrationModelers: z.array(IsidSchema).check(z.maxLength(500)),
  scenarioModelers: z.array(IsidSchema).check(z.maxLength(500)),
});
export type ModelRoles = z.infer<typeof ModelRolesSchema>;

export const EMPTY_ROLES: ModelRoles = {
  owners: [],
  viewers: [],
  displayViewers: [],
  calibrationModelers: [],
  scenarioModelers: [],
};

/** THEOREM permission flags (strings 'true'/'false' as in the original product). */
export const TheoremFlagsSchema = z.object({
  model_access: trueFalse(),
  allow_access: trueFalse(),
  data_cut_access: trueFalse(),
  country_access: trueFalse(),
});
export type TheoremFlags = z.infer<typeof TheoremFlagsSchema>;
