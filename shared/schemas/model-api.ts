import * as z from 'zod';
import { freeText, mediaType } from './input';
import {
  InformationClassificationSchema,
  ModelMetadataSchema,
  ModelRolesSchema,
  ModelStatusSchema,
  PlatformSchema,
  TheoremFlagsSchema,
} from './model';
import { IsidSchema, UserTypeSchema } from './user';

/**
 * Request and response shapes of the catalogue API (issue 3). Paths:
 *   GET    /v2/models                       list (table view)              ListModelsQuery → ModelListPage
 *   POST   /v2/models/search                dynamic search (Dynamic View)  DynamicSearchBody → DynamicSearchResult
 *   POST   /v2/models/name-check            generated name + uniqueness    NameCheckBody → NameCheckResult
 *   POST   /v2/models/exists-by-metadata    same-metadata entry exists?    ExistsByMetadataBody → { exists }
 *   POST   /v2/models                       create (creation order §4)     CreateModelBody → ModelDetail (201)
 *   GET    /v2/models/{uuid}                detail                         → ModelDetail
 *   PATCH  /v2/models/{uuid}                metadata + suffix              UpdateModelBody → ModelDetail
 *   POST   /v2/models/{uuid}/publish        publish                        RevBody → ModelDetail | 422 PublishRefusal
 *   POST   /v2/models/{uuid}/retire         retire with a reason           RetireBody → ModelDetail
 *   DELETE /v2/models/{uuid}                delete a draft                 → 204
 *   GET    /v2/models/{uuid}/roles          roles with user summaries      → ModelRolesDetail
 *   PUT    /v2/models/{uuid}/roles          set roles (exclusivity)        SetRolesBody → ModelRolesDetail
 *   POST   /v2/uploads                      presigned PUTs for new files   CreateUploadBody → UploadTicket
 *   POST   /v2/models/{uuid}/files          attach uploaded files          AttachFilesBody → FileList
 *   GET    /v2/models/{uuid}/files          file list                      → FileList
 *   POST   /v2/models/{uuid}/files/{fileUuid}/download   one file          DownloadBody → DownloadLink
 *   POST   /v2/models/{uuid}/download-all   start the zip of all files     DownloadBody → ArchiveStarted (202)
 *   GET    /v2/models/{uuid}/archives/{archiveId}   the zip's job               → DownloadArchive
 *   GET    /v2/models/{uuid}/expertise/{userId}          user settings     → UserExpertise
 *   PUT    /v2/models/{uuid}/expertise/{userId}                            UserExpertise → UserExpertise
 *   GET    /v2/users/search                 user pick lists                UserSearchQuery → UserSearchResult
 *   GET    /v2/metadata-options             option lists                   → MetadataOptionLists
 */

export const UuidSchema = z.string().uuid();
export const ModelParamsSchema = z.object({ uuid: UuidSchema });

/** A person as shown on cards and in tables. */
export const UserSummarySchema = z.object({
  id: IsidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: UserTypeSchema,
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const OutcomeSchema = z.enum(['allowed', 'disallowed', 'forbidden']);

/** The caller's permission outcomes on one model (shared/rules/model-permissions.ts). */
export const ModelPermissionsSchema = z.object({
  view: OutcomeSchema,
  preview: OutcomeSchema,
  deleteDraft: OutcomeSchema,
  publish: OutcomeSchema,
  retire: OutcomeSchema,
  downloadAll: OutcomeSchema,
  edit: OutcomeSchema,
  manageAccess: OutcomeSchema,
  versionControl: OutcomeSchema,
  folderView: OutcomeSchema,
  share: OutcomeSchema,
  requestAccess: OutcomeSchema,
});
export type ModelPermissions = z.infer<typeof ModelPermissionsSchema>;

// ---------- list (table view) ----------
export const ListSortSchema = z.enum(['name', 'modelType', 'creator', 'createdOn', 'status']);
/** A comma-separated query value as a list ('DRAFT,PUBLISHED'). */
const csv = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(item).max(50).optional(),
  );

export const ListModelsQuerySchema = z.object({
  view: z.enum(['all', 'mine']).default('all'),
  search: freeText({ max: 200 }).optional(),
  sort: ListSortSchema.default('createdOn'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Default filter: Draft and Published (000 §4); RETIRED rows come only for their owners. */
  status: csv(ModelStatusSchema).default(['DRAFT', 'PUBLISHED']),
  modelType: csv(freeText({ max: 100 })),
  therapeuticArea: csv(freeText({ max: 100 })),
  platform: csv(PlatformSchema),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 50, 100].includes(n), 'Page size must be 10, 20, 50 or 100')
    .default(10),
});
export type ListModelsQuery = z.infer<typeof ListModelsQuerySchema>;

export const ModelSummarySchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  status: ModelStatusSchema,
  modelType: z.string().optional(),
  therapeuticArea: z.string().optional(),
  disease: z.string().optional(),
  product: z.array(z.string()),
  platform: PlatformSchema.optional(),
  informationClassification: InformationClassificationSchema.optional(),
  version: z.string().optional(),
  creator: z.object({ id: z.string(), name: z.string() }),
  createdOn: z.string(),
  /** The caller may only preview general information (no role on the entry). */
  previewOnly: z.boolean(),
});
export type ModelSummary = z.infer<typeof ModelSummarySchema>;

export const ModelListPageSchema = z.object({
  items: z.array(ModelSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
});
export type ModelListPage = z.infer<typeof ModelListPageSchema>;

// ---------- dynamic search ----------
export const DYNAMIC_FACETS = [
  'therapeutic_area',
  'disease',
  'study_number',
  'product',
  'global',
  'country',
  'model_type',
  'platform',
] as const;
export type DynamicFacet = (typeof DYNAMIC_FACETS)[number];

export const DYNAMIC_FACET_LABELS: Record<DynamicFacet, string> = {
  therapeutic_area: 'Therapeutic Area',
  disease: 'Name Of Disease',
  study_number: 'Trial Number',
  product: 'Product',
  global: 'Global/Adaptation',
  country: 'Countries',
  model_type: 'Model Type',
  platform: 'Platform',
};

/** One value per facet at a time (000 §2); filter text inputs hold at most 25 characters. */
const facetValues = z
  .array(freeText({ max: 255 }))
  .max(1)
  .default([]);
export const DynamicFiltersSchema = z.object({
  therapeutic_area: facetValues,
  disease: facetValues,
  study_number: facetValues,
  product: facetValues,
  global: facetValues,
  country: facetValues,
  model_type: facetValues,
  platform: facetValues,
});
export type DynamicFilters = z.infer<typeof DynamicFiltersSchema>;

export const DynamicSearchBodySchema = z.object({ filters: DynamicFiltersSchema });

export const FacetCountSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export const AvailableFiltersSchema = z.object(
  Object.fromEntries(DYNAMIC_FACETS.map((f) => [f, z.array(FacetCountSchema)])) as Record<
    DynamicFacet,
    z.ZodArray<typeof FacetCountSchema>
  >,
);

export const ModelCardSchema = ModelSummarySchema.extend({
  country: z.array(z.string()),
  global: z.string().optional(),
  kind: z.string().optional(),
  studyNumber: z.string().optional(),
  /** Ancestors and descendants in the lineage, for the card's version tree. */
  treeRootId: z.string().optional(),
  treeParentId: z.string().optional(),
  /** The caller has no access at all: the card reads 'Restricted access'. */
  restricted: z.boolean(),
});
export type ModelCard = z.infer<typeof ModelCardSchema>;

/** At most 500 cards are returned (000 §9); `total` counts all matches. */
export const DynamicSearchResultSchema = z.object({
  models: z.array(ModelCardSchema).max(500),
  total: z.number().int().nonnegative(),
  availableFilters: AvailableFiltersSchema,
});
export type DynamicSearchResult = z.infer<typeof DynamicSearchResultSchema>;

// ---------- name check, exists ----------
export const NameCheckBodySchema = z.object({
  metadata: ModelMetadataSchema,
  /** The entry being renamed (its own current name does not collide). */
  uuid: UuidSchema.optional(),
});
export const NameCheckResultSchema = z.object({
  name: z.string(),
  unique: z.boolean(),
  /** Spec texts: too long, not unique ('Change Suffix in order to make your Model Entry Name unique.'). */
  problems: z.array(z.string()),
});
export type NameCheckResult = z.infer<typeof NameCheckResultSchema>;

export const ExistsByMetadataBodySchema = z.object({ metadata: ModelMetadataSchema });
export const ExistsResultSchema = z.object({ exists: z.boolean() });

// ---------- detail ----------
export const FileNodeSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  /** Folder path inside the entry, '' for the root, '/'-separated, no '..'. */
  path: z.string(),
  folder: z.boolean(),
  size: z.number().int().nonnegative().optional(),
  fileTag: z.string().max(25).optional(),
  mainFile: z.boolean(),
  owner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  isPrivate: z.boolean(),
  cdd: z.enum(['Yes', 'No']),
  asOfDate: z.string().optional(),
  comment: z.string().optional(),
  createdOn: z.string(),
  updatedOn: z.string(),
  updatedBy: z.string(),
});
export type FileNode = z.infer<typeof FileNodeSchema>;
export const FileListSchema = z.object({ items: z.array(FileNodeSchema) });

export const ModelRolesDetailSchema = z.object({
  roles: ModelRolesSchema,
  users: z.record(z.string(), UserSummarySchema),
  rev: z.number().int(),
});
export type ModelRolesDetail = z.infer<typeof ModelRolesDetailSchema>;

export const ModelDetailSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  status: ModelStatusSchema,
  metadata: ModelMetadataSchema,
  roles: ModelRolesSchema,
  /** Summaries of every user named in `roles` and of the creator. */
  users: z.record(z.string(), UserSummarySchema),
  createdBy: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  publishedOn: z.string().optional(),
  retiredOn: z.string().optional(),
  retireReason: z.string().optional(),
  fileCount: z.number().int().nonnegative(),
  theorem: z.boolean(),
  pneu: z.boolean(),
  theoremFlags: TheoremFlagsSchema.optional(),
  permissions: ModelPermissionsSchema,
  /** Optimistic version: send it back on updates; a stale one answers 409. */
  rev: z.number().int(),
});
export type ModelDetail = z.infer<typeof ModelDetailSchema>;

// ---------- create / update / lifecycle ----------
export const UploadedFileRefSchema = z.object({
  /** Id from an upload ticket; the file must have been PUT to its URL. */
  uploadFileId: z.string().min(1).max(64),
  name: freeText({ min: 1, max: 255, trim: false }),
  path: freeText({ max: 1000, trim: false }).default(''),
  fileTag: z
    .string()
    .regex(/^[A-Za-z]*$/, 'File types contain letters only')
    .max(25)
    .optional(),
  mainFile: z.boolean().default(false),
});

export const CreateModelBodySchema = z.object({
  uploadId: z.string().max(64).optional(),
  files: z.array(UploadedFileRefSchema).max(90).default([]),
  metadata: ModelMetadataSchema,
  roles: ModelRolesSchema,
  /** 'new': the entry starts its own lineage; 'parent': linked under `metadata.tree_parent_id`. */
  lineage: z.enum(['new', 'parent']).default('new'),
  /** Based on an existing model's metadata (second flow of the wizard). */
  basedOnUuid: UuidSchema.optional(),
  publish: z.boolean().default(false),
});
export type CreateModelBody = z.infer<typeof CreateModelBodySchema>;

export const UpdateModelBodySchema = z.object({ metadata: ModelMetadataSchema, rev: z.number().int() });
export const RevBodySchema = z.object({ rev: z.number().int().optional() });
export const RetireBodySchema = z.object({
  reason: freeText({ min: 1, minMessage: 'This field is required.', max: 2000, multiline: true }),
  rev: z.number().int().optional(),
});
export const SetRolesBodySchema = z.object({ roles: ModelRolesSchema, rev: z.number().int() });

export const PublishIssueSchema = z.object({
  severity: z.enum(['WARNING', 'ERROR_PUBLISH', 'ERROR_CREATE']),
  message: z.string(),
  field: z.string().optional(),
});
/** Body of a 422 answer to publish: the blocking (and warning) issues. */
export const PublishRefusalSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(PublishIssueSchema),
});

// ---------- files ----------
export const CreateUploadBodySchema = z.object({
  /** The entry the files are for; absent while creating a new entry. */
  modelUuid: UuidSchema.optional(),
  files: z
    .array(
      z.object({
        name: freeText({ min: 1, max: 255, trim: false }),
        size: z.number().int().nonnegative(),
        /** Sent back as the object's Content-Type header: a media type, never CR/LF. */
        contentType: mediaType().optional(),
      }),
    )
    .min(1)
    .max(90),
});
export const UploadTicketSchema = z.object({
  uploadId: z.string(),
  files: z.array(
    z.object({
      uploadFileId: z.string(),
      name: z.string(),
      url: z.string(),
      headers: z.record(z.string(), z.string()),
    }),
  ),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const AttachFilesBodySchema = z.object({
  uploadId: z.string().max(64),
  files: z.array(UploadedFileRefSchema).min(1).max(90),
  rev: z.number().int().optional(),
});

export const DownloadBodySchema = z.object({
  /** The legal notice must be acknowledged before any download (000 §2 Download modal). */
  legalNoticeAccepted: z.literal(true, { message: 'Please confirm that you have read the legal notice.' }),
});
export const DownloadLinkSchema = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() });

// ---------- user settings (expertise) ----------
// The levels and their labels are the sub-models' (spec 001 §3); User Settings offers the same list.
export { EXPERTISE_LEVELS } from '../submodels/parameter-types';
export const UserExpertiseSchema = z.object({
  userId: IsidSchema,
  expertiseTypeLevel: z.literal([250, 500, 750, 1000]).default(500),
  subModelIdList: z.array(z.string().max(64)).max(500).default([]),
});

// ---------- user search ----------
export const UserSearchQuerySchema = z.object({
  /** Angle brackets are stripped (000 §5). */
  q: freeText({ max: 100 }).transform((s) => s.replace(/[<>]/g, '').trim()),
  limit: z.coerce.number().int().min(1).max(20).default(10),
  includeNpa: z.enum(['true', 'false']).default('false'),
  includeUnenrolled: z.enum(['true', 'false']).default('true'),
});
export const UserSearchResultSchema = z.object({ items: z.array(UserSummarySchema) });

// ---------- path and query parameters (added with the catalogue handlers) ----------
export const ModelFileParamsSchema = z.object({ uuid: UuidSchema, fileUuid: UuidSchema });
export const ExpertiseParamsSchema = z.object({ uuid: UuidSchema, userId: IsidSchema });
/** DELETE /v2/models/{uuid}?rev=N: the revision the client saw (optional; 409 when stale). */
export const DeleteModelQuerySchema = z.object({ rev: z.coerce.number().int().optional() });
