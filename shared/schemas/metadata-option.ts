import * as z from 'zod';
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
  disease: z.string().optional(),
  product: z.array(z.string()).optional(),
  therapeutic_area: z.string().optional(),
  model_type: z.string().optional(),
  type: ModelKindSchema.optional(),
  information_classification: InformationClassificationSchema.optional(),
});

export const MetadataOptionSchema = z.object({
  type: MetadataOptionTypeSchema,
  value: z.string().min(1).max(255),
  retired: z.boolean(),
  /** Only for study numbers. */
  metadata: StudyAssignedMetadataSchema.optional(),
  /** Number of model entries using the option (file types: number of files). */
  usage: z.number().int().nonnegative(),
});
export type MetadataOption = z.infer<typeof MetadataOptionSchema>;

/** GET /v2/metadata-options: every list, active and retired options (forms offer active ones only). */
export const MetadataOptionListsSchema = z.record(MetadataOptionTypeSchema, z.array(MetadataOptionSchema));
export type MetadataOptionListsResponse = z.infer<typeof MetadataOptionListsSchema>;
