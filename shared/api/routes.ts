/**
 * The one route table. The CDK stateless stack creates one Lambda + HTTP API route per entry, and the
 * local gateway (`scripts/local/gateway.ts`) serves the same entries by importing the same handler
 * modules. Adding a route here makes it exist in both worlds.
 *
 * `handler` is the module path below `functions/`, without extension; the module exports `handler`.
 * `auth: 'jwt'` routes sit behind the Cognito JWT authorizer (locally: the gateway verifies the token
 * against cognito-local's JWKS); the handler then receives the verified claims in
 * `event.requestContext.authorizer.jwt.claims`. Permission checks happen inside the handler.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** API Gateway route path, always under /v2, with `{param}` segments. */
  readonly path: `/v2${string}`;
  readonly handler: string;
  readonly auth: 'jwt' | 'public';
  /** One-line summary for the OpenAPI document. */
  readonly summary: string;
}

export const API_BASE_PATH = '/v2';

export const HTTP_ROUTES = [
  // Application shell
  {
    method: 'GET',
    path: '/v2/settings',
    handler: 'http/settings/get-settings',
    auth: 'public',
    summary: 'Application settings (help links, tracking, session timeout)',
  },
  {
    method: 'GET',
    path: '/v2/version',
    handler: 'http/settings/get-version',
    auth: 'public',
    summary: 'Product version and build time',
  },
  {
    method: 'GET',
    path: '/v2/openapi.json',
    handler: 'http/settings/get-openapi',
    auth: 'public',
    summary: 'This API as an OpenAPI 3.1 document',
  },
  // Identity
  {
    method: 'GET',
    path: '/v2/users/me',
    handler: 'http/users/get-current-user',
    auth: 'jwt',
    summary: 'The signed-in user with permission flags',
  },
  {
    method: 'POST',
    path: '/v2/access-requests',
    handler: 'http/users/request-app-access',
    auth: 'jwt',
    summary: 'A user without access asks the administrators for it',
  },
  // Guided tour
  {
    method: 'GET',
    path: '/v2/tours/{type}/{code}',
    handler: 'http/tours/get-tour',
    auth: 'jwt',
    summary: 'Tour content and whether the caller has viewed it',
  },
  {
    method: 'PUT',
    path: '/v2/tours/{type}/{code}/viewed',
    handler: 'http/tours/mark-tour-viewed',
    auth: 'jwt',
    summary: 'Record that the caller completed the tour',
  },
  // Notifications
  {
    method: 'GET',
    path: '/v2/notifications',
    handler: 'http/notifications/list-notifications',
    auth: 'jwt',
    summary: "The caller's latest notifications",
  },
  {
    method: 'POST',
    path: '/v2/notifications',
    handler: 'http/notifications/create-notification',
    auth: 'jwt',
    summary: "Notify a model's users (steward, lead, owners, viewers) with a note, live and by e-mail",
  },
  {
    method: 'POST',
    path: '/v2/notifications/clear',
    handler: 'http/notifications/clear-notifications',
    auth: 'jwt',
    summary: 'Remove notifications by id',
  },
  {
    method: 'POST',
    path: '/v2/notifications/seen',
    handler: 'http/notifications/mark-notifications-seen',
    auth: 'jwt',
    summary: 'Mark all notifications of the caller as seen',
  },
  // Incidents
  {
    method: 'POST',
    path: '/v2/incidents',
    handler: 'http/incidents/create-incident',
    auth: 'jwt',
    summary: 'Report a problem (incident) with a report id',
  },
  {
    method: 'GET',
    path: '/v2/incidents',
    handler: 'http/incidents/list-incidents',
    auth: 'jwt',
    summary: 'Incident list (administrators)',
  },
  // Catalogue: list and Dynamic View (in-memory projection, docs/data-model.md "Catalogue search")
  {
    method: 'GET',
    path: '/v2/models',
    handler: 'http/models/list-models',
    auth: 'jwt',
    summary: 'Model entries the caller may see: all or mine, search, filters, sort, paging',
  },
  {
    method: 'POST',
    path: '/v2/models/search',
    handler: 'http/models/search-models',
    auth: 'jwt',
    summary: 'Dynamic View: eight facets, at most 500 cards, counts of the remaining filter values',
  },
  // Catalogue: entries, lifecycle, roles, files, options, user search
  {
    method: 'POST',
    path: '/v2/models/name-check',
    handler: 'http/models/check-model-name',
    auth: 'jwt',
    summary: 'Generated name of some metadata and whether it is free',
  },
  {
    method: 'POST',
    path: '/v2/models/exists-by-metadata',
    handler: 'http/models/exists-by-metadata',
    auth: 'jwt',
    summary: 'Is there an entry with the same identifying metadata',
  },
  {
    method: 'POST',
    path: '/v2/models',
    handler: 'http/models/create-model',
    auth: 'jwt',
    summary: 'Create a model entry with files, roles and lineage (one transaction)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}',
    handler: 'http/models/get-model',
    auth: 'jwt',
    summary: 'Model entry detail (general information only for preview-only callers)',
  },
  {
    method: 'PATCH',
    path: '/v2/models/{uuid}',
    handler: 'http/models/update-model',
    auth: 'jwt',
    summary: 'Update metadata and suffix (conditional on rev)',
  },
  {
    method: 'DELETE',
    path: '/v2/models/{uuid}',
    handler: 'http/models/delete-model',
    auth: 'jwt',
    summary: 'Delete a draft permanently',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/publish',
    handler: 'http/models/publish-model',
    auth: 'jwt',
    summary: 'Publish a draft (422 with the blocking issues)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/retire',
    handler: 'http/models/retire-model',
    auth: 'jwt',
    summary: 'Retire a published entry with a reason',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/roles',
    handler: 'http/models/get-model-roles',
    auth: 'jwt',
    summary: 'Roles of an entry with user summaries',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/roles',
    handler: 'http/models/set-model-roles',
    auth: 'jwt',
    summary: 'Set the roles of an entry (exclusivity, conditional on rev)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files',
    handler: 'http/models/list-model-files',
    auth: 'jwt',
    summary: 'File list of an entry',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/files',
    handler: 'http/models/attach-model-files',
    auth: 'jwt',
    summary: 'Attach uploaded files to an entry',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/files/{fileUuid}/download',
    handler: 'http/models/download-model-file',
    auth: 'jwt',
    summary: 'Presigned download of one file (legal notice acknowledged)',
  },
  // Collaboration: file manager, file access, access requests, sharing, audit (issue 4)
  {
    method: 'PATCH',
    path: '/v2/models/{uuid}/files',
    handler: 'http/files/update-files',
    auth: 'jwt',
    summary:
      'File manager save: folders, uploads, replacements, removals, attributes, clones (one transaction)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/{fileUuid}/access',
    handler: 'http/files/get-file-access',
    auth: 'jwt',
    summary: 'Users a file is shared with and eligible internal users (file owner, managers, super users)',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/files/{fileUuid}/access',
    handler: 'http/files/set-file-access',
    auth: 'jwt',
    summary: "Grant (ACTIVE) or stop sharing (INACTIVE) one user's access to a file",
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/files/{fileUuid}/owner',
    handler: 'http/files/transfer-file-owner',
    auth: 'jwt',
    summary: 'Transfer the ownership of a file',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/files/{fileUuid}/access-requests',
    handler: 'http/files/request-file-access',
    auth: 'jwt',
    summary: 'Ask the file owner (and the model managers) for access to a file, by e-mail with a grant link',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/{fileUuid}/history',
    handler: 'http/files/get-file-history',
    auth: 'jwt',
    summary: 'Versions of a file body (uploads, replacements, clones)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/access-requests',
    handler: 'http/access/request-model-access',
    auth: 'jwt',
    summary: 'Ask the model managers for access, by e-mail with grant links',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/grants',
    handler: 'http/access/grant-model-role',
    auth: 'jwt',
    summary: 'Grant a model role to a user (grant links; managers and super users)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/share',
    handler: 'http/access/share-model',
    auth: 'jwt',
    summary: 'Share a model entry by e-mail with a message and a link',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/theorem-access/{userId}',
    handler: 'http/access/set-theorem-access',
    auth: 'jwt',
    summary: "A user's four THEOREM flags on an Oncology model (super users)",
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/audit',
    handler: 'http/access/list-audit',
    auth: 'jwt',
    summary: 'Audit trail of grants, ownership transfers and downloads (managers, super users)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/download-all',
    handler: 'http/models/download-all-files',
    auth: 'jwt',
    summary: 'Zip of every file the caller may read (legal notice acknowledged)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/expertise/{userId}',
    handler: 'http/models/get-user-expertise',
    auth: 'jwt',
    summary: 'User Settings of a user on a WebModel 2.0 entry',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/expertise/{userId}',
    handler: 'http/models/put-user-expertise',
    auth: 'jwt',
    summary: 'Set the User Settings of a user on a WebModel 2.0 entry',
  },
  {
    method: 'POST',
    path: '/v2/uploads',
    handler: 'http/uploads/create-upload',
    auth: 'jwt',
    summary: 'Presigned PUT URLs for new files',
  },
  {
    method: 'GET',
    path: '/v2/users/search',
    handler: 'http/users/search-users',
    auth: 'jwt',
    summary: 'User pick lists: name, e-mail or ISID prefix',
  },
  {
    method: 'GET',
    path: '/v2/metadata-options',
    handler: 'http/metadata-options/list-metadata-options',
    auth: 'jwt',
    summary: 'Metadata option lists',
  },
] as const satisfies readonly HttpRoute[];

export type HttpRouteDef = (typeof HTTP_ROUTES)[number];

/**
 * Requests that match no route go to this handler: API Gateway's `$default` route in AWS, the
 * fallback of the local gateway. It answers 404 in the API's error shape.
 */
export const NOT_FOUND_HANDLER = 'http/not-found';

/** WebSocket API routes. `$connect` verifies the token given as `?token=` (browsers cannot set headers). */
export const WS_ROUTES = [
  { routeKey: '$connect', handler: 'ws/connect' },
  { routeKey: '$disconnect', handler: 'ws/disconnect' },
  { routeKey: '$default', handler: 'ws/default' },
] as const;

/**
 * Lambda tasks of the model-run state machine, keyed by the ASL state name. The ASL file
 * (`cdk/state-machine/run-model.asl.json`) refers to them as `${<State>FunctionArn}` placeholders.
 */
export const WORKFLOW_TASKS = {
  Prepare: 'workflow/prepare',
  Collect: 'workflow/collect',
  MarkFailed: 'workflow/mark-failed',
} as const;

/** Request bodies above this size are refused with 413 (API Gateway's own hard limit is 10 MB). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/** CORS for the HTTP API: same settings in CDK and the local gateway. */
export const CORS = {
  allowHeaders: ['authorization', 'content-type', 'if-match'],
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposeHeaders: ['etag'],
  maxAgeSeconds: 600,
} as const;

/**
 * Jobs that run on a schedule: an EventBridge rule per job in AWS (cdk/stacks/stateless-stack.ts), a
 * timer in the local cloud (scripts/local/scheduler.ts) that also runs each job once at start.
 */
export interface ScheduledJob {
  readonly handler: string;
  readonly everyMinutes: number;
  readonly description: string;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    handler: 'jobs/compact-catalog',
    everyMinutes: 15,
    description: 'Folds the catalogue change log into a new snapshot',
  },
];
