import * as z from 'zod/mini';
import { FileVersionSchema } from './collaboration';
import { commaSeparated, freeText } from './input';
import { ModelMetadataSchema, ModelRolesSchema, ModelStatusSchema } from './model';
import { UuidSchema } from './model-api';

/**
 * Versions and lineage (issue 18; docs/versions.md). Paths:
 *   POST /v2/models/{uuid}/versions            new version of {uuid} (one operation)  NewVersionBody → NewVersionResult (201)
 *   GET  /v2/models/{uuid}/hierarchy           the whole lineage tree from its root  → Hierarchy
 *   GET  /v2/models/lineage-roots              candidate roots by metadata           LineageRootsQuery → LineageRoots
 *   PUT  /v2/models/{uuid}/lineage             link under a parent / new lineage     UpdateLineageBody → ModelDetail
 *   GET  /v2/models/{uuid}/files/history       history entries of some files         FilesHistoryQuery → FilesHistory
 */

// ---------- new version ----------

/** A file type of the 'Add File Types' step: letters only, at most 25 (000 §5). */
const FileTypeTagSchema = z
  .string()
  .check(z.regex(/^[A-Za-z]*$/, 'File types contain letters only'), z.maxLength(25));

/**
 * The new-version payload of 000 §3 (modelItemUuids, metadata, ownersIsids, viewersIsids,
 * displayViewersIsids). The role lists travel as one `roles` object, the shape every other route of
 * the API uses, so that lead and steward (Access step) are set in the same operation.
 */
export const NewVersionBodySchema = z.object({
  /** Files of the source entry to carry over (copied in S3; each copy continues its history). */
  modelItemUuids: z._default(z.array(UuidSchema).check(z.maxLength(500)), []),
  /** File types chosen in the 'Add File Types' step, by file uuid (absent: keep the source's). */
  fileTypes: z._default(z.record(UuidSchema, FileTypeTagSchema), {}),
  metadata: ModelMetadataSchema,
  roles: ModelRolesSchema,
  /** 'Save and Publish': publish in the same operation (422 with the publish issues otherwise). */
  publish: z._default(z.boolean(), false),
});
export type NewVersionBody = z.infer<typeof NewVersionBodySchema>;

export const NewVersionResultSchema = z.object({ uuid: UuidSchema, name: z.string() });
export type NewVersionResult = z.infer<typeof NewVersionResultSchema>;

// ---------- hierarchy ----------

/**
 * One node of a lineage (the lineage item of 000 §3: model, parentId, originalParentId). A node the
 * caller may not see is `restricted` and carries no name or metadata ('Restricted access'), only
 * what places it in the tree.
 */
export const LineageNodeSchema = z.object({
  uuid: UuidSchema,
  /** Parent in this tree; null for the root (or an entry whose parent left the lineage). */
  parentId: z.nullable(z.string()),
  /** The stored parent link, when it differs from `parentId` (the parent is gone or moved). */
  originalParentId: z.optional(z.string()),
  restricted: z.boolean(),
  name: z.optional(z.string()),
  status: z.optional(ModelStatusSchema),
  version: z.optional(z.string()),
  createdOn: z.optional(z.string()),
  creatorName: z.optional(z.string()),
  /** What the Compare mode shows: 'No version log was captured.' when absent. */
  versionLog: z.optional(z.string()),
  /** File uuid of the changelog document: 'No changelog file was uploaded' when absent. */
  changelogFile: z.optional(z.string()),
});
export type LineageNode = z.infer<typeof LineageNodeSchema>;

export const HierarchySchema = z.object({
  rootId: z.string(),
  /** The entry asked about. */
  currentId: UuidSchema,
  /** Every entry of the lineage, parents before their children. */
  nodes: z.array(LineageNodeSchema),
});
export type Hierarchy = z.infer<typeof HierarchySchema>;

// ---------- lineage roots ----------

const MetadataValueSchema = freeText({ max: 100 });
export const LineageRootsQuerySchema = z.object({
  /** Products as in the metadata (several comma-separated; an entry matches when the sets are equal). */
  product: commaSeparated(MetadataValueSchema, 20),
  disease: z.optional(MetadataValueSchema),
  therapeutic_area: z.optional(MetadataValueSchema),
  /** The entry being linked: left out of the answer together with its own subtree's roots. */
  exclude: z.optional(UuidSchema),
});
export type LineageRootsQuery = z.infer<typeof LineageRootsQuerySchema>;

export const LineageRootSchema = z.object({
  uuid: UuidSchema,
  restricted: z.boolean(),
  name: z.optional(z.string()),
  version: z.optional(z.string()),
  status: z.optional(ModelStatusSchema),
});
export const LineageRootsSchema = z.object({ items: z.array(LineageRootSchema) });
export type LineageRoots = z.infer<typeof LineageRootsSchema>;

// ---------- lineage editing ----------

export const UpdateLineageBodySchema = z.object({
  /** The new parent (the entry adopts its root, with its whole subtree); null starts a new lineage. */
  parentId: z.nullable(UuidSchema),
  /** The entry's version in its new place (000 §5: above the parent's, below the smallest child's). */
  version: z.optional(z.string().check(z.maxLength(16))),
  /** The changelog document travels with the link: a file of this entry, or null to clear it. */
  changelogFile: z.optional(z.nullable(UuidSchema)),
  /** Revision of the entry the dialog was opened on (409 when stale). */
  rev: z.int(),
});
export type UpdateLineageBody = z.infer<typeof UpdateLineageBodySchema>;

// ---------- file history (History mode) ----------

export const FilesHistoryQuerySchema = z.object({
  /** The files (of this entry) whose history to show; absent = every file of the entry. */
  files: commaSeparated(UuidSchema, 500),
});

/**
 * One version history entry (000 §3: file, action, isid, timestamp, versionNumber). Entries of a file
 * carried into a new version come first from the entries it had in the earlier version (`modelUuid`
 * names the version where the body was written).
 */
export const FileHistoryEntrySchema = z.object({
  fileUuid: z.string(),
  file: z.string(),
  path: z.string(),
  action: FileVersionSchema.shape.action,
  isid: z.string(),
  userName: z.optional(z.string()),
  timestamp: z.string(),
  versionNumber: z.int().check(z.positive()),
  size: z.optional(z.int().check(z.nonnegative())),
  modelUuid: z.string(),
  modelVersion: z.optional(z.string()),
});
/** Newest first (000 §9: history by timestamp descending). */
export const FilesHistorySchema = z.object({ items: z.array(FileHistoryEntrySchema) });
export type FilesHistory = z.infer<typeof FilesHistorySchema>;
