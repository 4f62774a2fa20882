import * as z from 'zod/mini';
import { commaSeparated, freeText, mediaType } from './input';
import {
  InformationClassificationSchema,
  ModelMetadataSchema,
  ModelRolesSchema,
  ModelStatusSchema,
  PlatformSchema,
  TheoremFlagsSchema,
} from './model';
import { ExternalUserTypeSchema, IsidSchema, UserTypeSchema } from './user';

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

export const UuidSchema = z.uuid();
export const ModelParamsSchema = z.object({ uuid: UuidSchema });

/** A person as shown on cards and in tables. */
export const UserSummarySchema = z.object({
  id: IsidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: UserTypeSchema,
  /** For external users: pickers refuse an HTA user as owner or viewer at the pick (000 §5). */
  externalUserType: z.optional(ExternalUserTypeSchema),
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
  newVersion: OutcomeSchema,
  editLineage: OutcomeSchema,
  seeHistory: OutcomeSchema,
  folderView: OutcomeSchema,
  share: OutcomeSchema,
  requestAccess: OutcomeSchema,
});
export type ModelPermissions = z.infer<typeof ModelPermissionsSchema>;

// ---------- list (table view) ----------
export const ListSortSchema = z.enum(['name', 'modelType', 'creator', 'createdOn', 'status']);
/** A comma-separated filter value ('DRAFT,PUBLISHED') of at most 50 values. */
const csv = <T extends z.ZodMiniType<string>>(item: T) => commaSeparated(item, 50);

export const ListModelsQuerySchema = z.object({
  view: z._default(z.enum(['all', 'mine']), 'all'),
  search: z.optional(freeText({ max: 200 })),
  sort: z._default(ListSortSchema, 'createdOn'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  /** Default filter: Draft and Published (000 §4); RETIRED rows come only for their owners. */
  status: z._default(csv(ModelStatusSchema), ['DRAFT', 'PUBLISHED']),
  modelType: csv(freeText({ max: 100 })),
  therapeuticArea: csv(freeText({ max: 100 })),
  platform: csv(PlatformSchema),
  page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  pageSize: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((n) => [10, 20, 50, 100].includes(n), 'Page size must be 10, 20, 50 or 100'),
    ),
    10,
  ),
});
export type ListModelsQuery = z.infer<typeof ListModelsQuerySchema>;

export const ModelSummarySchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  status: ModelStatusSchema,
  modelType: z.optional(z.string()),
  therapeuticArea: z.optional(z.string()),
  disease: z.optional(z.string()),
  product: z.array(z.string()),
  platform: z.optional(PlatformSchema),
  informationClassification: z.optional(InformationClassificationSchema),
  version: z.optional(z.string()),
  creator: z.object({ id: z.string(), name: z.string() }),
  createdOn: z.string(),
  /** The caller may only preview general information (no role on the entry). */
  previewOnly: z.boolean(),
});
export type ModelSummary = z.infer<typeof ModelSummarySchema>;

export const ModelListPageSchema = z.object({
  items: z.array(ModelSummarySchema),
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.nonnegative()),
  pageSize: z.int().check(z.positive()),
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
const facetValues = z._default(z.array(freeText({ max: 255 })).check(z.maxLength(1)), []);
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

export const FacetCountSchema = z.object({ value: z.string(), count: z.int().check(z.nonnegative()) });
export const AvailableFiltersSchema = z.object(
  Object.fromEntries(DYNAMIC_FACETS.map((f) => [f, z.array(FacetCountSchema)])) as Record<
    DynamicFacet,
    z.ZodMiniArray<typeof FacetCountSchema>
  >,
);

export const ModelCardSchema = z.extend(ModelSummarySchema, {
  country: z.array(z.string()),
  global: z.optional(z.string()),
  kind: z.optional(z.string()),
  studyNumber: z.optional(z.string()),
  /** Ancestors and descendants in the lineage, for the card's version tree. */
  treeRootId: z.optional(z.string()),
  treeParentId: z.optional(z.string()),
  /** The caller has no access at all: the card reads 'Restricted access'. */
  restricted: z.boolean(),
});
export type ModelCard = z.infer<typeof ModelCardSchema>;

/** At most 500 cards are returned (000 §9); `total` counts all matches. */
export const DynamicSearchResultSchema = z.object({
  models: z.array(ModelCardSchema).check(z.maxLength(500)),
  total: z.int().check(z.nonnegative()),
  availableFilters: AvailableFiltersSchema,
});
export type DynamicSearchResult = z.infer<typeof DynamicSearchResultSchema>;

// ---------- name check, exists ----------
export const NameCheckBodySchema = z.object({
  metadata: ModelMetadataSchema,
  /** The entry being renamed (its own current name does not collide). */
  uuid: z.optional(UuidSchema),
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
  size: z.optional(z.int().check(z.nonnegative())),
  fileTag: z.optional(z.string().check(z.maxLength(25))),
  mainFile: z.boolean(),
  owner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  isPrivate: z.boolean(),
  cdd: z.enum(['Yes', 'No']),
  asOfDate: z.optional(z.string()),
  comment: z.optional(z.string()),
  createdOn: z.string(),
  updatedOn: z.string(),
  updatedBy: z.string(),
  /**
   * The name of who changed the file last, kept with the change: 'Updated By' names people who hold
   * no role on the entry too (a super user, a former owner), whom the entry's user summaries lack.
   * Absent on files written before it was kept.
   */
  updatedByName: z.optional(z.string()),
});
export type FileNode = z.infer<typeof FileNodeSchema>;
export const FileListSchema = z.object({ items: z.array(FileNodeSchema) });

export const ModelRolesDetailSchema = z.object({
  roles: ModelRolesSchema,
  users: z.record(z.string(), UserSummarySchema),
  rev: z.int(),
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
  publishedOn: z.optional(z.string()),
  retiredOn: z.optional(z.string()),
  retireReason: z.optional(z.string()),
  fileCount: z.int().check(z.nonnegative()),
  theorem: z.boolean(),
  pneu: z.boolean(),
  theoremFlags: z.optional(TheoremFlagsSchema),
  permissions: ModelPermissionsSchema,
  /** Optimistic version: send it back on updates; a stale one answers 409. */
  rev: z.int(),
});
export type ModelDetail = z.infer<typeof ModelDetailSchema>;

// ---------- create / update / lifecycle ----------
export const UploadedFileRefSchema = z.object({
  /** Id from an upload ticket; the file must have been PUT to its URL. */
  uploadFileId: z.string().check(z.minLength(1), z.maxLength(64)),
  name: freeText({ min: 1, max: 255, trim: false }),
  path: z._default(freeText({ max: 1000, trim: false }), ''),
  fileTag: z.optional(
    z.string().check(z.regex(/^[A-Za-z]*$/, 'File types contain letters only'), z.maxLength(25)),
  ),
  mainFile: z._default(z.boolean(), false),
});

export const CreateModelBodySchema = z.object({
  uploadId: z.optional(z.string().check(z.maxLength(64))),
  files: z._default(z.array(UploadedFileRefSchema).check(z.maxLength(90)), []),
  metadata: ModelMetadataSchema,
  roles: ModelRolesSchema,
  /** 'new': the entry starts its own lineage; 'parent': linked under `metadata.tree_parent_id`. */
  lineage: z._default(z.enum(['new', 'parent']), 'new'),
  /** Based on an existing model's metadata (second flow of the wizard). */
  basedOnUuid: z.optional(UuidSchema),
  publish: z._default(z.boolean(), false),
});
export type CreateModelBody = z.infer<typeof CreateModelBodySchema>;

export const UpdateModelBodySchema = z.object({ metadata: ModelMetadataSchema, rev: z.int() });
export const RevBodySchema = z.object({ rev: z.optional(z.int()) });
/** Publish: the body may be left out (then no revision check). */
export const PublishBodySchema = z.optional(RevBodySchema);
export const RetireBodySchema = z.object({
  reason: freeText({ min: 1, minMessage: 'This field is required.', max: 2000, multiline: true }),
  rev: z.optional(z.int()),
});
export const SetRolesBodySchema = z.object({ roles: ModelRolesSchema, rev: z.int() });

export const PublishIssueSchema = z.object({
  severity: z.enum(['WARNING', 'ERROR_PUBLISH', 'ERROR_CREATE']),
  message: z.string(),
  field: z.optional(z.string()),
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
  modelUuid: z.optional(UuidSchema),
  files: z
    .array(
      z.object({
        name: freeText({ min: 1, max: 255, trim: false }),
        size: z.int().check(z.nonnegative()),
        /** Sent back as the object's Content-Type header: a media type, never CR/LF. */
        contentType: z.optional(mediaType()),
      }),
    )
    .check(z.minLength(1), z.maxLength(90)),
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
  uploadId: z.string().check(z.maxLength(64)),
  files: z.array(UploadedFileRefSchema).check(z.minLength(1), z.maxLength(90)),
  rev: z.optional(z.int()),
});

export const DownloadBodySchema = z.object({
  /** The legal notice must be acknowledged before any download (000 §2 Download modal). */
  legalNoticeAccepted: z.literal(true, { message: 'Please confirm that you have read the legal notice.' }),
});
export const DownloadLinkSchema = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() });

// ---------- user settings (expertise) ----------
// The levels and their labels are the sub-models' (spec 001 §3); User Settings offers the same list.
export { EXPERTISE_LEVELS } from '../sub-models/parameter-types';
export const UserExpertiseSchema = z.object({
  userId: IsidSchema,
  expertiseTypeLevel: z._default(z.literal([250, 500, 750, 1000]), 500),
  subModelIdList: z._default(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500)), []),
});

// ---------- user search ----------
export const UserSearchQuerySchema = z.object({
  /** Angle brackets are stripped (000 §5). */
  q: z.pipe(
    freeText({ max: 100 }),
    z.transform((s: string) => s.replace(/[<>]/g, '').trim()),
  ),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(20)), 10),
  includeNpa: z._default(z.enum(['true', 'false']), 'false'),
  includeUnenrolled: z._default(z.enum(['true', 'false']), 'true'),
});
export const UserSearchResultSchema = z.object({ items: z.array(UserSummarySchema) });

// ---------- path and query parameters (added with the catalogue handlers) ----------
export const ModelFileParamsSchema = z.object({ uuid: UuidSchema, fileUuid: UuidSchema });
export const ExpertiseParamsSchema = z.object({ uuid: UuidSchema, userId: IsidSchema });
/** DELETE /v2/models/{uuid}?rev=N: the revision the client saw (optional; 409 when stale). */
export const DeleteModelQuerySchema = z.object({ rev: z.optional(z.coerce.number().check(z.int())) });
