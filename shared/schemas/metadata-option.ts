import * as z from 'zod/mini';
import { InformationClassificationSchema, ModelKindSchema } from './model';

/** Metadata option kinds (000 §3, 002 §2 'Metadata management'): one tab each in the admin screen. */
export const MetadataOptionTypeSchema = z.enum([
  'model_type',
  'therapeutic_area',
  'product',
  'disease',
  'study_number',
  'country',
  'stage_of_model_development',
  'file_tag',
  'mathematica_environment',
  'python_environment',
]);
export type MetadataOptionType = z.infer<typeof MetadataOptionTypeSchema>;

export const METADATA_OPTION_TYPE_LABELS: Record<MetadataOptionType, string> = {
  model_type: 'Model Types',
  therapeutic_area: 'Therapeutic Areas',
  product: 'Products',
  disease: 'Diseases',
  study_number: 'Trial Numbers',
  country: 'Countries',
  stage_of_model_development: 'Stages of Model Development',
  file_tag: 'File Types',
  mathematica_environment: 'Mathematica',
  python_environment: 'Python',
};

/** Metadata a study number (trial number) carries; choosing the study fills these fields. */
export const StudyAssignedMetadataSchema = z.object({
  disease: z.optional(z.string()),
  product: z.optional(z.array(z.string())),
  therapeutic_area: z.optional(z.string()),
  model_type: z.optional(z.string()),
  type: z.optional(ModelKindSchema),
  information_classification: z.optional(InformationClassificationSchema),
});

export const MetadataOptionSchema = z.object({
  type: MetadataOptionTypeSchema,
  value: z.string().check(z.minLength(1), z.maxLength(255)),
  retired: z.boolean(),
  /** Only for study numbers. */
  metadata: z.optional(StudyAssignedMetadataSchema),
  /** Number of model entries using the option (file types: number of files). */
  usage: z.int().check(z.nonnegative()),
  /** Set while a rename job moves the entries that use this option's former value (issue 20 §5). */
  renamedFrom: z.optional(z.string()),
  renameJobId: z.optional(z.string()),
});
export type MetadataOption = z.infer<typeof MetadataOptionSchema>;

/** GET /v2/metadata-options: every list, active and retired options (forms offer active ones only). */
export const MetadataOptionListsSchema = z.record(MetadataOptionTypeSchema, z.array(MetadataOptionSchema));
export type MetadataOptionListsResponse = z.infer<typeof MetadataOptionListsSchema>;

// ---- Admin Space: manage metadata (002 §2, §5, §7; issue 20 §5) ----

export const OptionTypeParamsSchema = z.object({ type: MetadataOptionTypeSchema });
export const OptionValueParamsSchema = z.object({
  type: MetadataOptionTypeSchema,
  value: z.string().check(z.minLength(1), z.maxLength(255)),
});

/** One row of the option grid. `usage` is absent for a property whose usage is not counted. */
export const AdminOptionSchema = z.object({
  type: MetadataOptionTypeSchema,
  value: z.string(),
  retired: z.boolean(),
  metadata: z.optional(StudyAssignedMetadataSchema),
  usage: z.optional(z.int().check(z.nonnegative())),
  /** The rename job moving this option's entries, while it runs. */
  renameJobId: z.optional(z.string()),
});
export type AdminOption = z.infer<typeof AdminOptionSchema>;

export const RenameJobStatusSchema = z.enum(['RUNNING', 'DONE', 'FAILED']);

/** A rename across model entries: resumable, with progress (done of total entries). */
export const RenameJobSchema = z.object({
  jobId: z.string(),
  type: MetadataOptionTypeSchema,
  from: z.string(),
  to: z.string(),
  status: RenameJobStatusSchema,
  total: z.int(),
  done: z.int(),
  startedBy: z.string(),
  startedOn: z.string(),
  updatedOn: z.string(),
  finishedOn: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type RenameJob = z.infer<typeof RenameJobSchema>;

/** GET /v2/admin/metadata-options/{type}. */
export const AdminOptionListSchema = z.object({
  items: z.array(AdminOptionSchema),
  total: z.int(),
  /** False for the properties whose usage is not counted (no Delete, no rename). */
  counted: z.boolean(),
  /** Rename jobs of this property that have not finished, for their progress bars. */
  jobs: z.array(RenameJobSchema),
});
export type AdminOptionList = z.infer<typeof AdminOptionListSchema>;

const optionValueInput = z.string().check(z.trim(), z.maxLength(255));

/** POST /v2/admin/metadata-options/{type} ('Metadata add': value, with assigned metadata for studies). */
export const AddOptionBodySchema = z.object({
  value: optionValueInput,
  metadata: z.optional(StudyAssignedMetadataSchema),
});
export type AddOptionBody = z.infer<typeof AddOptionBodySchema>;

/** PUT /v2/admin/metadata-options/{type}/{value} ('Metadata update': new value, retire flag, metadata). */
export const UpdateOptionBodySchema = z.object({
  value: z.optional(optionValueInput),
  retire: z.optional(z.boolean()),
  metadata: z.optional(StudyAssignedMetadataSchema),
});
export type UpdateOptionBody = z.infer<typeof UpdateOptionBodySchema>;

export const UpdateOptionResultSchema = z.object({
  option: AdminOptionSchema,
  /** Entries that used the former value and are being renamed by `job`. */
  affected: z.int(),
  job: z.optional(RenameJobSchema),
});
export type UpdateOptionResult = z.infer<typeof UpdateOptionResultSchema>;

/** GET /v2/admin/metadata-options/{type}/{value}/entries: the entries a change would affect. */
export const AffectedEntriesSchema = z.object({
  total: z.int(),
  items: z.array(z.object({ uuid: z.string(), name: z.string() })),
});
export type AffectedEntries = z.infer<typeof AffectedEntriesSchema>;

export const RenameJobParamsSchema = z.object({ jobId: z.string().check(z.regex(/^[0-9A-Z]{26}$/)) });
