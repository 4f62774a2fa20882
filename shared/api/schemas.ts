import * as z from 'zod/mini';
import {
  OutdateAfterFileChangeBodySchema,
  OutdateAfterFileChangeResultSchema,
} from '../executions/outdate-after-file-change';
import { AccessRequestBodySchema, AccessRequestResultSchema } from '../schemas/access-request';
import {
  AdminUserDetailSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserParamsSchema,
  DirectorySearchQuerySchema,
  DirectorySearchResultSchema,
  EnrollUserBodySchema,
  UpdateAdminUserBodySchema,
} from '../schemas/admin-users';
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
  CompareParamsSchema,
  CompareResultSchema,
  FileDiffParamsSchema,
  FileDiffSchema,
  MacroDiffParamsSchema,
  MacroDiffSchema,
  SheetDiffPageSchema,
  SheetDiffParamsSchema,
  SheetDiffQuerySchema,
} from '../schemas/compare';
import {
  ArchiveParamsSchema,
  ArchiveStartedSchema,
  DownloadArchiveSchema,
} from '../schemas/download-archive';
import {
  CancelExecutionResultSchema,
  CreateExecutionBodySchema,
  CreateExecutionResultSchema,
  ExecutionGroupParamsSchema,
  ExecutionGroupSchema,
  ExecutionQueuePageSchema,
  ExecutionQueueQuerySchema,
  GovernanceResultSchema,
  InstanceResultSchema,
  OutputDownloadSchema,
  OutputsQuerySchema,
  RecordQuerySchema,
  RunRecordViewSchema,
} from '../schemas/execution-api';
import {
  AccessReviewDecisionBodySchema,
  AccessReviewDecisionResultSchema,
  AccessReviewSchema,
  CreateExternalUserBodySchema,
  EligibleModelListSchema,
  ExtendExternalAccessBodySchema,
  ExternalUserCreatedSchema,
  ExternalUserListQuerySchema,
  ExternalUserListSchema,
  ExternalUserOverviewSchema,
  ExternalUserParamsSchema,
  ExternalUserSummarySchema,
  RejectExternalUserBodySchema,
} from '../schemas/external-user';
import {
  AdminIncidentListQuerySchema,
  AdminIncidentListSchema,
  CreateIncidentBodySchema,
  CreateIncidentResultSchema,
  IncidentDetailSchema,
  IncidentIdParamsSchema,
  IncidentListSchema,
  IncidentSchema,
  UpdateIncidentBodySchema,
} from '../schemas/incident';
import { NoBodySchema } from '../schemas/input';
import {
  CloneInstanceBodySchema,
  CreateInstanceBodySchema,
  InstanceDetailSchema,
  InstanceLabelBodySchema,
  InstanceListPageSchema,
  InstanceModelParamsSchema,
  InstanceNameCheckBodySchema,
  InstanceNameCheckResultSchema,
  InstanceParamsSchema,
  InstanceShareParamsSchema,
  ListInstancesQuerySchema,
  ParameterFileBodySchema,
  ParameterFileTicketSchema,
  PutInstanceInputsBodySchema,
  PutInstanceInputsResultSchema,
  SaveAnalysisBodySchema,
  SaveAnalysisResultSchema,
  ShareCandidatesQuerySchema,
  ShareCandidatesSchema,
  SharedWithResultSchema,
  SubModelInstancesParamsSchema,
  UpdateInstanceBodySchema,
} from '../schemas/instance-api';
import {
  AddOptionBodySchema,
  AdminOptionListSchema,
  AdminOptionSchema,
  AffectedEntriesSchema,
  MetadataOptionListsSchema,
  OptionTypeParamsSchema,
  OptionValueParamsSchema,
  RenameJobParamsSchema,
  RenameJobSchema,
  UpdateOptionBodySchema,
  UpdateOptionResultSchema,
} from '../schemas/metadata-option';
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
  PublishBodySchema,
  RetireBodySchema,
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
import {
  PendingRegistrationListSchema,
  RegistrationReviewBodySchema,
  RegistrationReviewResultSchema,
  SelfRegistrationBodySchema,
  SelfRegistrationResultSchema,
} from '../schemas/registration';
import { CompareResultsParamsSchema, CompareResultsSchema } from '../schemas/result-compare';
import { AppSettingsSchema, VersionInfoSchema } from '../schemas/settings';
import {
  SaveSourceFileBodySchema,
  SourceBranchesSchema,
  SourceBrowseQuerySchema,
  SourceBrowseSchema,
  SourceCommitSchema,
  SourceDiffQuerySchema,
  SourceDiffSchema,
  SourceHistoryQuerySchema,
  SourceHistorySchema,
  SourceProjectParamsSchema,
  SourceProjectSchema,
  SourceProjectsSchema,
  SourceRepoParamsSchema,
  SourceRepositoriesSchema,
} from '../schemas/source-control';
import {
  CreateGroupBodySchema,
  CreateInputBodySchema,
  CreateSubModelBodySchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupParamsSchema,
  GroupViewSchema,
  HelpFileListSchema,
  ImportDefinitionBodySchema,
  InputParamsSchema,
  ListSubModelsQuerySchema,
  ModelInputListSchema,
  ModelInputViewSchema,
  OutdateResultSchema,
  SubModelListSchema,
  SubModelParamsSchema,
  SubModelViewSchema,
  UpdateGroupBodySchema,
  UpdateInputBodySchema,
  UpdateSubModelBodySchema,
} from '../schemas/sub-models-api';
import { TourDetailSchema, TourParamsSchema } from '../schemas/tour';
import { DormantEntryListSchema, UsageQuerySchema, UsageReportSchema } from '../schemas/usage';
import { CurrentUserSchema } from '../schemas/user';
import {
  FilesHistoryQuerySchema,
  FilesHistorySchema,
  HierarchySchema,
  LineageRootsQuerySchema,
  LineageRootsSchema,
  NewVersionBodySchema,
  NewVersionResultSchema,
  UpdateLineageBodySchema,
} from '../schemas/versions-api';
import { ShareRequestSchema, StopSharingSchema } from '../sub-models/sharing';
import type { HttpRouteDef } from './routes';

/** `'GET /v2/settings'` for every route of the route table. */
export type RouteKey = HttpRouteDef extends infer R
  ? R extends HttpRouteDef
    ? `${R['method']} ${R['path']}`
    : never
  : never;

export interface RouteSchemas {
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  /** Schema of the success answer; absent for 204 answers. */
  response?: z.ZodMiniType;
  /** Status of the success answer (200 unless given). */
  status?: number;
}

/** The OpenAPI document itself is free-form JSON. */
const OpenApiDocumentSchema = z.catchall(z.object({ openapi: z.string() }), z.unknown());

/**
 * The API contract: request and response schemas of every route, keyed by `'METHOD /path'`. The
 * OpenAPI document is generated from this map and the web app's typed client (web/src/lib/api-client.ts)
 * takes its request and response types from it; the `satisfies` clause makes a route without an entry a
 * type error. Each handler parses with the very same schema constants (imported from `shared/schemas`,
 * one constant per slot, never an inline `z.optional(...)`): functions/http/api-contract.test.ts fails
 * when a handler's body, query or path schema is not the one named here. Handlers do not import this
 * map, so a Lambda bundle holds only the schemas of its own routes, and none of the response schemas.
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
  'POST /v2/registrations': {
    body: SelfRegistrationBodySchema,
    response: SelfRegistrationResultSchema,
    status: 202,
  },
  'GET /v2/registrations/pending': { response: PendingRegistrationListSchema },
  'POST /v2/registrations/review': {
    body: RegistrationReviewBodySchema,
    response: RegistrationReviewResultSchema,
  },
  'GET /v2/tours/{type}/{code}': { params: TourParamsSchema, response: TourDetailSchema },
  'PUT /v2/tours/{type}/{code}/viewed': { params: TourParamsSchema, body: NoBodySchema, status: 204 },
  'GET /v2/notifications': { query: ListNotificationsQuerySchema, response: NotificationListSchema },
  'POST /v2/notifications': {
    body: CreateNotificationBodySchema,
    response: CreateNotificationResultSchema,
    status: 201,
  },
  'POST /v2/notifications/clear': { body: ClearNotificationsBodySchema, status: 204 },
  'POST /v2/notifications/seen': { body: NoBodySchema, status: 204 },
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
    body: PublishBodySchema,
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
  'POST /v2/models/{uuid}/files/outdate-instances': {
    params: ModelParamsSchema,
    body: OutdateAfterFileChangeBodySchema,
    response: OutdateAfterFileChangeResultSchema,
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
  'POST /v2/models/{uuid}/versions': {
    params: ModelParamsSchema,
    body: NewVersionBodySchema,
    response: NewVersionResultSchema,
    status: 201,
  },
  'GET /v2/models/{uuid}/hierarchy': { params: ModelParamsSchema, response: HierarchySchema },
  'GET /v2/models/lineage-roots': { query: LineageRootsQuerySchema, response: LineageRootsSchema },
  'PUT /v2/models/{uuid}/lineage': {
    params: ModelParamsSchema,
    body: UpdateLineageBodySchema,
    response: ModelDetailSchema,
  },
  'GET /v2/models/{uuid}/files/history': {
    params: ModelParamsSchema,
    query: FilesHistoryQuerySchema,
    response: FilesHistorySchema,
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
  'GET /v2/models/{uuid}/compare/{otherUuid}': { params: CompareParamsSchema, response: CompareResultSchema },
  'GET /v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}': {
    params: FileDiffParamsSchema,
    response: FileDiffSchema,
  },
  'GET /v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}/sheets/{sheet}': {
    params: SheetDiffParamsSchema,
    query: SheetDiffQuerySchema,
    response: SheetDiffPageSchema,
  },
  'GET /v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}/macros/{module}': {
    params: MacroDiffParamsSchema,
    response: MacroDiffSchema,
  },
  'GET /v2/models/{uuid}/compare/{otherUuid}/results': {
    params: CompareResultsParamsSchema,
    response: CompareResultsSchema,
  },
  // Source control (issue 18 §5)
  'GET /v2/source-control/projects': { response: SourceProjectsSchema },
  'GET /v2/source-control/projects/{project}': {
    params: SourceProjectParamsSchema,
    response: SourceProjectSchema,
  },
  'GET /v2/source-control/projects/{project}/repos': {
    params: SourceProjectParamsSchema,
    response: SourceRepositoriesSchema,
  },
  'GET /v2/source-control/projects/{project}/repos/{repo}/branches': {
    params: SourceRepoParamsSchema,
    response: SourceBranchesSchema,
  },
  'GET /v2/source-control/projects/{project}/repos/{repo}/browse': {
    params: SourceRepoParamsSchema,
    query: SourceBrowseQuerySchema,
    response: SourceBrowseSchema,
  },
  'GET /v2/source-control/projects/{project}/repos/{repo}/commits': {
    params: SourceRepoParamsSchema,
    query: SourceHistoryQuerySchema,
    response: SourceHistorySchema,
  },
  'GET /v2/source-control/projects/{project}/repos/{repo}/diff': {
    params: SourceRepoParamsSchema,
    query: SourceDiffQuerySchema,
    response: SourceDiffSchema,
  },
  'PUT /v2/source-control/projects/{project}/repos/{repo}/files': {
    params: SourceRepoParamsSchema,
    body: SaveSourceFileBodySchema,
    response: SourceCommitSchema,
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
  'GET /v2/models/{uuid}/sub-models': {
    params: ModelParamsSchema,
    query: ListSubModelsQuerySchema,
    response: SubModelListSchema,
  },
  'POST /v2/models/{uuid}/sub-models': {
    params: ModelParamsSchema,
    body: CreateSubModelBodySchema,
    response: SubModelViewSchema,
    status: 201,
  },
  'GET /v2/models/{uuid}/sub-models/{subModelId}': {
    params: SubModelParamsSchema,
    response: SubModelViewSchema,
  },
  'PUT /v2/models/{uuid}/sub-models/{subModelId}': {
    params: SubModelParamsSchema,
    body: UpdateSubModelBodySchema,
    response: SubModelViewSchema,
  },
  'DELETE /v2/models/{uuid}/sub-models/{subModelId}': { params: SubModelParamsSchema, status: 204 },
  'POST /v2/models/{uuid}/sub-models/{subModelId}/outdate': {
    params: SubModelParamsSchema,
    body: NoBodySchema,
    response: OutdateResultSchema,
  },
  'GET /v2/models/{uuid}/sub-models/{subModelId}/inputs': {
    params: SubModelParamsSchema,
    response: ModelInputListSchema,
  },
  'POST /v2/models/{uuid}/sub-models/{subModelId}/inputs': {
    params: SubModelParamsSchema,
    body: CreateInputBodySchema,
    response: ModelInputViewSchema,
    status: 201,
  },
  'POST /v2/models/{uuid}/sub-models/{subModelId}/inputs/import': {
    params: SubModelParamsSchema,
    body: ImportDefinitionBodySchema,
    response: ModelInputViewSchema,
  },
  'GET /v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}': {
    params: InputParamsSchema,
    response: ModelInputViewSchema,
  },
  'PUT /v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}': {
    params: InputParamsSchema,
    body: UpdateInputBodySchema,
    response: ModelInputViewSchema,
  },
  'DELETE /v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}': {
    params: InputParamsSchema,
    status: 204,
  },
  'GET /v2/models/{uuid}/help-files': { params: ModelParamsSchema, response: HelpFileListSchema },
  'GET /v2/models/{uuid}/groups': {
    params: ModelParamsSchema,
    query: GroupListQuerySchema,
    response: GroupListSchema,
  },
  'POST /v2/models/{uuid}/groups': {
    params: ModelParamsSchema,
    body: CreateGroupBodySchema,
    response: GroupViewSchema,
    status: 201,
  },
  'GET /v2/models/{uuid}/groups/{groupId}': { params: GroupParamsSchema, response: GroupViewSchema },
  'PUT /v2/models/{uuid}/groups/{groupId}': {
    params: GroupParamsSchema,
    body: UpdateGroupBodySchema,
    response: GroupViewSchema,
  },
  'DELETE /v2/models/{uuid}/groups/{groupId}': { params: GroupParamsSchema, status: 204 },
  'GET /v2/models/{uuid}/instances': {
    params: InstanceModelParamsSchema,
    query: ListInstancesQuerySchema,
    response: InstanceListPageSchema,
  },
  'POST /v2/models/{uuid}/sub-models/{subModelId}/instances': {
    params: SubModelInstancesParamsSchema,
    body: CreateInstanceBodySchema,
    response: InstanceDetailSchema,
    status: 201,
  },
  'POST /v2/models/{uuid}/instances/name-check': {
    params: InstanceModelParamsSchema,
    body: InstanceNameCheckBodySchema,
    response: InstanceNameCheckResultSchema,
  },
  'GET /v2/models/{uuid}/instances/{instanceId}': {
    params: InstanceParamsSchema,
    response: InstanceDetailSchema,
  },
  'PATCH /v2/models/{uuid}/instances/{instanceId}': {
    params: InstanceParamsSchema,
    body: UpdateInstanceBodySchema,
    response: InstanceDetailSchema,
  },
  'DELETE /v2/models/{uuid}/instances/{instanceId}': { params: InstanceParamsSchema, status: 204 },
  'PUT /v2/models/{uuid}/instances/{instanceId}/inputs': {
    params: InstanceParamsSchema,
    body: PutInstanceInputsBodySchema,
    response: PutInstanceInputsResultSchema,
  },
  'PUT /v2/models/{uuid}/instances/{instanceId}/label': {
    params: InstanceParamsSchema,
    body: InstanceLabelBodySchema,
    response: InstanceDetailSchema,
  },
  'POST /v2/models/{uuid}/instances/{instanceId}/clone': {
    params: InstanceParamsSchema,
    body: CloneInstanceBodySchema,
    response: InstanceDetailSchema,
    status: 201,
  },
  'GET /v2/models/{uuid}/instances/{instanceId}/share-candidates': {
    params: InstanceParamsSchema,
    query: ShareCandidatesQuerySchema,
    response: ShareCandidatesSchema,
  },
  'POST /v2/models/{uuid}/instances/{instanceId}/share': {
    params: InstanceParamsSchema,
    body: ShareRequestSchema,
    response: SharedWithResultSchema,
  },
  'PUT /v2/models/{uuid}/instances/{instanceId}/share/{userId}': {
    params: InstanceShareParamsSchema,
    body: StopSharingSchema,
    response: SharedWithResultSchema,
  },
  'POST /v2/models/{uuid}/instances/{instanceId}/analysis': {
    params: InstanceParamsSchema,
    body: SaveAnalysisBodySchema,
    response: SaveAnalysisResultSchema,
  },
  'POST /v2/models/{uuid}/instances/{instanceId}/parameter-files': {
    params: InstanceParamsSchema,
    body: ParameterFileBodySchema,
    response: ParameterFileTicketSchema,
  },
  'POST /v2/models/{uuid}/executions': {
    params: ModelParamsSchema,
    body: CreateExecutionBodySchema,
    response: CreateExecutionResultSchema,
    status: 201,
  },
  'POST /v2/executions/{groupId}/start': {
    params: ExecutionGroupParamsSchema,
    response: ExecutionGroupSchema,
  },
  'POST /v2/executions/{groupId}/cancel': {
    params: ExecutionGroupParamsSchema,
    response: CancelExecutionResultSchema,
  },
  'GET /v2/executions': { query: ExecutionQueueQuerySchema, response: ExecutionQueuePageSchema },
  'GET /v2/executions/{groupId}': { params: ExecutionGroupParamsSchema, response: ExecutionGroupSchema },
  'GET /v2/models/{uuid}/instances/{instanceId}/result': {
    params: InstanceParamsSchema,
    response: InstanceResultSchema,
  },
  'GET /v2/models/{uuid}/instances/{instanceId}/outputs': {
    params: InstanceParamsSchema,
    query: OutputsQuerySchema,
    response: OutputDownloadSchema,
  },
  'GET /v2/models/{uuid}/instances/{instanceId}/record': {
    params: InstanceParamsSchema,
    query: RecordQuerySchema,
    response: RunRecordViewSchema,
  },
  'POST /v2/models/{uuid}/instances/{instanceId}/accept': {
    params: InstanceParamsSchema,
    response: GovernanceResultSchema,
  },
  'POST /v2/models/{uuid}/instances/{instanceId}/unaccept': {
    params: InstanceParamsSchema,
    response: GovernanceResultSchema,
  },
  'POST /v2/models/{uuid}/instances/{instanceId}/supersede': {
    params: InstanceParamsSchema,
    response: GovernanceResultSchema,
  },
  'POST /v2/uploads': { body: CreateUploadBodySchema, response: UploadTicketSchema, status: 201 },
  'GET /v2/users/search': { query: UserSearchQuerySchema, response: UserSearchResultSchema },
  'GET /v2/admin/users': { query: AdminUserListQuerySchema, response: AdminUserListSchema },
  'POST /v2/admin/users': { body: EnrollUserBodySchema, response: AdminUserDetailSchema, status: 201 },
  'GET /v2/admin/users/{id}': { params: AdminUserParamsSchema, response: AdminUserDetailSchema },
  'PATCH /v2/admin/users/{id}': {
    params: AdminUserParamsSchema,
    body: UpdateAdminUserBodySchema,
    response: AdminUserDetailSchema,
  },
  'GET /v2/directory/search': { query: DirectorySearchQuerySchema, response: DirectorySearchResultSchema },
  'GET /v2/external-users': { query: ExternalUserListQuerySchema, response: ExternalUserListSchema },
  'POST /v2/external-users': {
    body: CreateExternalUserBodySchema,
    response: ExternalUserCreatedSchema,
    status: 201,
  },
  'GET /v2/external-users/eligible-models': { response: EligibleModelListSchema },
  'GET /v2/external-users/access-review': { response: AccessReviewSchema },
  'POST /v2/external-users/access-review': {
    body: AccessReviewDecisionBodySchema,
    response: AccessReviewDecisionResultSchema,
  },
  'GET /v2/external-users/{email}/overview': {
    params: ExternalUserParamsSchema,
    response: ExternalUserOverviewSchema,
  },
  'POST /v2/external-users/{email}/activate': {
    params: ExternalUserParamsSchema,
    response: ExternalUserSummarySchema,
  },
  'POST /v2/external-users/{email}/deactivate': {
    params: ExternalUserParamsSchema,
    response: ExternalUserSummarySchema,
  },
  'POST /v2/external-users/{email}/reject': {
    params: ExternalUserParamsSchema,
    body: RejectExternalUserBodySchema,
    response: ExternalUserSummarySchema,
  },
  'POST /v2/external-users/{email}/extend': {
    params: ExternalUserParamsSchema,
    body: ExtendExternalAccessBodySchema,
    response: ExternalUserSummarySchema,
  },
  'GET /v2/metadata-options': { response: MetadataOptionListsSchema },
  'GET /v2/admin/incidents': { query: AdminIncidentListQuerySchema, response: AdminIncidentListSchema },
  'GET /v2/admin/incidents/{id}': { params: IncidentIdParamsSchema, response: IncidentDetailSchema },
  'PATCH /v2/admin/incidents/{id}': {
    params: IncidentIdParamsSchema,
    body: UpdateIncidentBodySchema,
    response: IncidentSchema,
  },
  'GET /v2/admin/metadata-options/{type}': {
    params: OptionTypeParamsSchema,
    response: AdminOptionListSchema,
  },
  'POST /v2/admin/metadata-options/{type}': {
    params: OptionTypeParamsSchema,
    body: AddOptionBodySchema,
    response: AdminOptionSchema,
    status: 201,
  },
  'PUT /v2/admin/metadata-options/{type}/{value}': {
    params: OptionValueParamsSchema,
    body: UpdateOptionBodySchema,
    response: UpdateOptionResultSchema,
  },
  'DELETE /v2/admin/metadata-options/{type}/{value}': { params: OptionValueParamsSchema, status: 204 },
  'GET /v2/admin/metadata-options/{type}/{value}/entries': {
    params: OptionValueParamsSchema,
    response: AffectedEntriesSchema,
  },
  'GET /v2/admin/metadata-option-jobs/{jobId}': { params: RenameJobParamsSchema, response: RenameJobSchema },
  'POST /v2/admin/metadata-option-jobs/{jobId}/resume': {
    params: RenameJobParamsSchema,
    response: RenameJobSchema,
    status: 202,
  },
  'GET /v2/admin/usage': { query: UsageQuerySchema, response: UsageReportSchema },
  'GET /v2/admin/usage/dormant': { response: DormantEntryListSchema },
} as const satisfies Record<RouteKey, RouteSchemas>;
