import * as z from 'zod/mini';
import { InformationClassificationSchema, ModelStatusSchema, PlatformSchema } from './model';

/**
 * The compact search projection of one model entry: everything the list (table view) and the
 * Dynamic View need to filter, sort, count facets and decide visibility, without reading the entry.
 * One is written to the catalogue change log in the same transaction as every write of a model entry
 * (docs/data-model.md, "Catalogue search").
 */
export const CatalogueEntrySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  status: ModelStatusSchema,
  modelType: z.optional(z.string()),
  therapeuticArea: z.optional(z.string()),
  disease: z.optional(z.string()),
  studyNumber: z.optional(z.string()),
  product: z.array(z.string()),
  country: z.array(z.string()),
  /** 'true' / 'false' as in the metadata. */
  global: z.optional(z.string()),
  /** Global / Country Adaptation / Global + Country Adaptation (the Global/Adaptation facet). */
  kind: z.optional(z.string()),
  platform: z.optional(PlatformSchema),
  classification: z.optional(InformationClassificationSchema),
  version: z.optional(z.string()),
  /**
   * Stage of model development and the two environments: only for the usage counts of their metadata
   * options (issue 20 §5). Changes written before these were projected have none.
   */
  stage: z.optional(z.string()),
  mathematica: z.optional(z.string()),
  python: z.optional(z.string()),
  /**
   * The file types (file tags) over the entry's current files, each once: only for the usage counts
   * of File Types (issue 20 §5). Absent = not known: a change written before it was projected, of an
   * entry with files (functions/core/options/option-usage.ts does not count File Types then).
   */
  fileTypes: z.optional(z.array(z.string())),
  creatorId: z.string(),
  creatorName: z.string(),
  createdOn: z.string(),
  treeRootId: z.optional(z.string()),
  treeParentId: z.optional(z.string()),
  /** Lead, steward and owners. */
  managers: z.array(z.string()),
  /** Viewers. */
  viewers: z.array(z.string()),
  /** Display viewers and calibration/scenario modelers. */
  others: z.array(z.string()),
  /** A removed entry (draft deleted): drops out of the projection. */
  deleted: z.optional(z.boolean()),
  /**
   * The entry's revision this state comes from (a removal counts as the next revision). Per entry the
   * highest rev wins in the projection; changes written before it was recorded have none (rev 0).
   */
  rev: z.optional(z.int().check(z.nonnegative())),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;
