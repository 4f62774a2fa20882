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
});
export type MetadataOption = z.infer<typeof MetadataOptionSchema>;

/** GET /v2/metadata-options: every list, active and retired options (forms offer active ones only). */
export const MetadataOptionListsSchema = z.record(MetadataOptionTypeSchema, z.array(MetadataOptionSchema));
export type MetadataOptionListsResponse = z.infer<typeof MetadataOptionListsSchema>;
