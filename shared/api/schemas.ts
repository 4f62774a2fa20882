import * as z from 'zod';
import { AccessRequestBodySchema, AccessRequestResultSchema } from '../schemas/access-request';
import {
  AuditPageSchema,
  AuditQuerySchema,
  CallerFileListSchema,
  CallerFileNodeSchema,
  CreateNotificationBodySchema,
  CreateNotificationResultSchema,
  FileAccessListSchema,
  FileAccessRequestBodySchema,
  FileChangeSetBodySchema,
  FileHistorySchema,
  FileOwnerBodySchema,
  FileShareBodySchema,
  ModelAccessRequestBodySchema,
  ModelGrantBodySchema,
  ModelGrantResultSchema,
  RequestSentSchema,
  ShareModelBodySchema,
  ShareResultSchema,
} from '../schemas/collaboration';
import {
  ArchiveParamsSchema,
  ArchiveStartedSchema,
  DownloadArchiveSchema,
} from '../schemas/download-archive';
import {
  CreateIncidentBodySchema,
  CreateIncidentResultSchema,
  IncidentListSchema,
} from '../schemas/incident';
import { MetadataOptionListsSchema } from '../schemas/metadata-option';
import { TheoremFlagsSchema } from '../schemas/model';
import {
  AttachFilesBodySchema,
  CreateModelBodySchema,
  CreateUploadBodySchema,
  DeleteModelQuerySchema,
  DownloadBodySchema,
  DownloadLinkSchema,
  DynamicSearchBodySchema,
  DynamicSearchResultSchema,
  ExistsByMetadataBodySchema,
  ExistsResultSchema,
  ExpertiseParamsSchema,
  FileListSchema,
  ListModelsQuerySchema,
  ModelDetailSchema,
  ModelFileParamsSchema,
  ModelListPageSchema,
  ModelParamsSchema,
  ModelRolesDetailSchema,
  NameCheckBodySchema,
  NameCheckResultSchema,
  RetireBodySchema,
  RevBodySchema,
  SetRolesBodySchema,
  UpdateModelBodySchema,
  UploadTicketSchema,
  UserExpertiseSchema,
  UserSearchQuerySchema,
  UserSearchResultSchema,
} from '../schemas/model-api';
import {
  ClearNotificationsBodySchema,
  ListNotificationsQuerySchema,
  NotificationListSchema,
} from '../schemas/notification';
import { AppSettingsSchema, VersionInfoSchema } from '../schemas/settings';
import { TourDetailSchema, TourParamsSchema } from '../schemas/tour';
import { CurrentUserSchema } from '../schemas/user';
import type { HttpRouteDef } from './routes';

/** `'GET /v2/settings'` for every route of the route table. */
export type RouteKey = HttpRouteDef extends infer R
  ? R extends HttpRouteDef
    ? `${R['method']} ${R['path']}`
    : never
  : never;

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of the success answer; absent for 204 answers. */
  response?: z.ZodType;
  /** Status of the success answer (200 unless given). */
  status?: number;
}

/** The OpenAPI document itself is free-form JSON. */
const OpenApiDocumentSchema = z.object({ openapi: z.string() }).catchall(z.unknown());

/**
 * Request and response schemas of every route, keyed by `'METHOD /path'`. Handlers use the same
 * schemas (imported from `shared/schemas`), and the OpenAPI document is generated from this map; the
 * `satisfies` clause makes a route without an entry a type error.
 */
export const API_SCHEMAS = {
  'GET /v2/settings': { response: AppSettingsSchema },
  'GET /v2/version': { response: VersionInfoSchema },
  'GET /v2/openapi.json': { response: OpenApiDocumentSchema },
  'GET /v2/users/me': { response: CurrentUserSchema },
  'POST /v2/access-requests': {
    body: AccessRequestBodySchema,
    response: AccessRequestResultSchema,
    status: 202,
  },
  'GET /v2/tours/{type}/{code}': { params: TourParamsSchema, response: TourDetailSchema },
  'PUT /v2/tours/{type}/{code}/viewed': { params: TourParamsSchema, status: 204 },
  'GET /v2/notifications': { query: ListNotificationsQuerySchema, response: NotificationListSchema },
  'POST /v2/notifications': {
    body: CreateNotificationBodySchema,
    response: CreateNotificationResultSchema,
    status: 201,
  },
  'POST /v2/notifications/clear': { body: ClearNotificationsBodySchema, status: 204 },
  'POST /v2/notifications/seen': { status: 204 },
  'POST /v2/incidents': { body: CreateIncidentBodySchema, response: CreateIncidentResultSchema, status: 201 },
  'GET /v2/incidents': { response: IncidentListSchema },
  'GET /v2/models': { query: ListModelsQuerySchema, response: ModelListPageSchema },
  'POST /v2/models/search': { body: DynamicSearchBodySchema, response: DynamicSearchResultSchema },
  'POST /v2/models/name-check': { body: NameCheckBodySchema, response: NameCheckResultSchema },
  'POST /v2/models/exists-by-metadata': { body: ExistsByMetadataBodySchema, response: ExistsResultSchema },
  'POST /v2/models': { body: CreateModelBodySchema, response: ModelDetailSchema, status: 201 },
  'GET /v2/models/{uuid}': { params: ModelParamsSchema, response: ModelDetailSchema },
  'PATCH /v2/models/{uuid}': {
    params: ModelParamsSchema,
    body: UpdateModelBodySchema,
    response: ModelDetailSchema,
  },
  'DELETE /v2/models/{uuid}': { params: ModelParamsSchema, query: DeleteModelQuerySchema, status: 204 },
  'POST /v2/models/{uuid}/publish': {
    params: ModelParamsSchema,
    body: RevBodySchema,
    response: ModelDetailSchema,
  },
  'POST /v2/models/{uuid}/retire': {
    params: ModelParamsSchema,
    body: RetireBodySchema,
    response: ModelDetailSchema,
  },
  'GET /v2/models/{uuid}/roles': { params: ModelParamsSchema, response: ModelRolesDetailSchema },
  'PUT /v2/models/{uuid}/roles': {
    params: ModelParamsSchema,
    body: SetRolesBodySchema,
    response: ModelRolesDetailSchema,
  },
  'GET /v2/models/{uuid}/files': { params: ModelParamsSchema, response: CallerFileListSchema },
  'PATCH /v2/models/{uuid}/files': {
    params: ModelParamsSchema,
    body: FileChangeSetBodySchema,
    response: CallerFileListSchema,
  },
  'GET /v2/models/{uuid}/files/{fileUuid}/access': {
    params: ModelFileParamsSchema,
    response: FileAccessListSchema,
  },
  'PUT /v2/models/{uuid}/files/{fileUuid}/access': {
    params: ModelFileParamsSchema,
    body: FileShareBodySchema,
    response: FileAccessListSchema,
  },
  'PUT /v2/models/{uuid}/files/{fileUuid}/owner': {
    params: ModelFileParamsSchema,
    body: FileOwnerBodySchema,
    response: CallerFileNodeSchema,
  },
  'POST /v2/models/{uuid}/files/{fileUuid}/access-requests': {
    params: ModelFileParamsSchema,
    body: FileAccessRequestBodySchema,
    response: RequestSentSchema,
  },
  'GET /v2/models/{uuid}/files/{fileUuid}/history': {
    params: ModelFileParamsSchema,
    response: FileHistorySchema,
  },
  'POST /v2/models/{uuid}/access-requests': {
    params: ModelParamsSchema,
    body: ModelAccessRequestBodySchema,
    response: RequestSentSchema,
  },
  'POST /v2/models/{uuid}/grants': {
    params: ModelParamsSchema,
    body: ModelGrantBodySchema,
    response: ModelGrantResultSchema,
  },
  'POST /v2/models/{uuid}/share': {
    params: ModelParamsSchema,
    body: ShareModelBodySchema,
    response: ShareResultSchema,
  },
  'PUT /v2/models/{uuid}/theorem-access/{userId}': {
    params: ExpertiseParamsSchema,
    body: TheoremFlagsSchema,
    response: TheoremFlagsSchema,
  },
  'GET /v2/models/{uuid}/audit': {
    params: ModelParamsSchema,
    query: AuditQuerySchema,
    response: AuditPageSchema,
  },
  'POST /v2/models/{uuid}/files': {
    params: ModelParamsSchema,
    body: AttachFilesBodySchema,
    response: FileListSchema,
  },
  'POST /v2/models/{uuid}/files/{fileUuid}/download': {
    params: ModelFileParamsSchema,
    body: DownloadBodySchema,
    response: DownloadLinkSchema,
  },
  'POST /v2/models/{uuid}/download-all': {
    params: ModelParamsSchema,
    body: DownloadBodySchema,
    response: ArchiveStartedSchema,
    status: 202,
  },
  'GET /v2/models/{uuid}/archives/{archiveId}': {
    params: ArchiveParamsSchema,
    response: DownloadArchiveSchema,
  },
  'GET /v2/models/{uuid}/expertise/{userId}': {
    params: ExpertiseParamsSchema,
    response: UserExpertiseSchema,
  },
  'PUT /v2/models/{uuid}/expertise/{userId}': {
    params: ExpertiseParamsSchema,
    body: UserExpertiseSchema,
    response: UserExpertiseSchema,
  },
  'POST /v2/uploads': { body: CreateUploadBodySchema, response: UploadTicketSchema, status: 201 },
  'GET /v2/users/search': { query: UserSearchQuerySchema, response: UserSearchResultSchema },
  'GET /v2/metadata-options': { response: MetadataOptionListsSchema },
} as const satisfies Record<RouteKey, RouteSchemas>;
