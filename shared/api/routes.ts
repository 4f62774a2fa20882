/**
 * The one route table. Every entry names its handler module and its AREA: the CDK stateless stack
 * creates ONE Lambda function per area (cdk/stacks/stateless-stack.ts), the bundler builds one bundle
 * per area whose generated entry dispatches to the area's handler modules (cdk/constructs/
 * handler-bundling.ts), and the local gateway runs each area in its own worker with its own module
 * graph (scripts/local/area-workers.ts). Adding a route to an existing area makes it exist in both
 * worlds with no CDK change; a new area is one more entry in AREAS.
 *
 * `handler` is the module path below `functions/`, without extension; the module exports `handler`.
 * `auth: 'jwt'` routes sit behind the Cognito JWT authorizer (locally: the gateway verifies the token
 * against cognito-local's JWKS); the handler then receives the verified claims in
 * `event.requestContext.authorizer.jwt.claims`. Permission checks happen inside the handler.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What invokes an area's function, and so how it finds the entry to run (functions/areas/area-handler.ts). */
export type AreaTrigger = 'http' | 'websocket' | 'workflow' | 'schedule';

export interface AreaDef {
  readonly trigger: AreaTrigger;
  /** The function's description. */
  readonly summary: string;
  /** MB; 512 unless the area needs more. Lambda gives a full vCPU at 1769 MB. */
  readonly memorySize?: number;
  /** Seconds; 29 (the HTTP API's integration limit) unless the area needs more. */
  readonly timeoutSeconds?: number;
}

/**
 * The feature areas, one Lambda function each. How routes were grouped (docs/development.md, "Feature
 * areas"): by the data and services they reach, so each function's grants stay narrow, and by
 * sizing. The catalogue list and Dynamic View hold the whole projection in memory (about 100,000
 * entries) and get a full vCPU; uploads join files (both write file bodies); incidents join users
 * and administration; the application shell (settings, version, OpenAPI, tours, option lists) is
 * what every page load asks first.
 */
export const AREAS = {
  catalogue: {
    trigger: 'http',
    summary: 'Catalogue list and Dynamic View search over the in-memory projection',
    memorySize: 1769,
  },
  models: {
    trigger: 'http',
    summary: 'Model entries: create, read, update, lifecycle, roles, names, User Settings',
  },
  files: {
    trigger: 'http',
    summary: 'Files of an entry: uploads, file manager, downloads, file access and history',
  },
  access: {
    trigger: 'http',
    summary: 'Access to entries: access requests, grants, sharing, THEOREM flags, audit',
  },
  'sub-models': {
    trigger: 'http',
    summary: 'Sub-models of WebModel 2.0 entries: input definitions and their import, groups, help files',
  },
  instances: {
    trigger: 'http',
    summary:
      'Instances (scenarios) of sub-models: the list query, values, labels, clones, sharing, parameter files',
    // The list serves an entry's instances (10,000 and more) from the function's memory and sorts
    // them again after a change: more memory, and the CPU share that comes with it.
    memorySize: 1024,
  },
  executions: {
    trigger: 'http',
    summary:
      'Executions: Execute, start, cancel, the execution queue, results, outputs, reproducibility records, calibration governance',
  },
  notifications: { trigger: 'http', summary: 'Notifications: list, send, clear, mark seen' },
  users: {
    trigger: 'http',
    summary: 'Users and administration: the caller, user search, app access requests, incidents',
  },
  admin: {
    trigger: 'http',
    summary:
      'Admin Space: internal users and the directory, external users, registration review, incidents, metadata options',
  },
  shell: {
    trigger: 'http',
    summary: 'Application shell: settings, version, OpenAPI, guided tours, metadata option lists',
  },
  // Its own function: the one public route that writes. Reachable without a token, so it holds only
  // what checking a registration code needs (the external user's record, the attempt counters), never
  // the admin area's powers (Cognito, grants on models).
  registration: {
    trigger: 'http',
    summary: 'Self-registration of external users with a registration code (public, rate-limited)',
  },
  diffs: {
    trigger: 'http',
    summary: 'Comparing versions: file pairs, text diffs, stored workbook diffs (sheet pages, VBA modules)',
    // A text diff (up to 1 MB a side) runs inside the request, and stored sheet pages are parsed here:
    // more memory, and the CPU share that comes with it. Workbook diffs run in the jobs function.
    memorySize: 1024,
  },
  // Its own function: it alone holds the read grant on the Bitbucket token's secret (and, in AWS, the
  // only network path to the repository server), so no other area's function can read the company's
  // source code; browsing and saving are authorized per call (shared/rules/source-control-permissions.ts).
  'source-control': {
    trigger: 'http',
    summary: 'Source control: projects, repositories, branches, browse, history, commit diffs, save file',
  },
  unmatched: {
    trigger: 'http',
    summary: 'Requests that match no route ($default): the JSON 404; touches no data',
  },
  websocket: { trigger: 'websocket', summary: 'WebSocket API: $connect, $disconnect, $default' },
  workflow: { trigger: 'workflow', summary: 'Lambda tasks of the run-model state machine' },
  // Its own function, not a task of `workflow`: the runner's task role may invoke this one function,
  // and a model that got hold of that role must not be able to call Prepare, Collect or MarkFailed.
  runaccess: {
    trigger: 'workflow',
    summary: "Presigned URLs for one run's inputs and outputs, for the model runner holding its token",
  },
  jobs: {
    trigger: 'schedule',
    summary: 'Jobs: scheduled (catalogue compaction), on deploy, and invoked ("Download all" archives)',
    // Compaction reads the whole change log and writes the projection snapshot; an archive build
    // deflates and streams up to gigabytes: a full vCPU, and Lambda's longest run (15 minutes).
    memorySize: 1769,
    timeoutSeconds: 900,
  },
} as const satisfies Record<string, AreaDef>;

export type AreaName = keyof typeof AREAS;
type AreasOf<T extends AreaTrigger> = {
  [K in AreaName]: (typeof AREAS)[K]['trigger'] extends T ? K : never;
}[AreaName];
export type HttpAreaName = AreasOf<'http'>;

export interface HttpRoute {
  readonly method: HttpMethod;
  /** API Gateway route path, always under /v2, with `{param}` segments. */
  readonly path: `/v2${string}`;
  readonly handler: string;
  /** The area whose function serves the route. */
  readonly area: HttpAreaName;
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
    area: 'shell',
    auth: 'public',
    summary: 'Application settings (help links, tracking, session timeout)',
  },
  {
    method: 'GET',
    path: '/v2/version',
    handler: 'http/settings/get-version',
    area: 'shell',
    auth: 'public',
    summary: 'Product version and build time',
  },
  {
    method: 'GET',
    path: '/v2/openapi.json',
    handler: 'http/settings/get-openapi',
    area: 'shell',
    auth: 'public',
    summary: 'This API as an OpenAPI 3.1 document',
  },
  // Identity
  {
    method: 'GET',
    path: '/v2/users/me',
    handler: 'http/users/get-current-user',
    area: 'users',
    auth: 'jwt',
    summary: 'The signed-in user with permission flags',
  },
  {
    method: 'POST',
    path: '/v2/access-requests',
    handler: 'http/users/request-app-access',
    area: 'users',
    auth: 'jwt',
    summary: 'A user without access asks the administrators for it',
  },
  // Self-registration and its review (issue 20 §3)
  {
    method: 'POST',
    path: '/v2/registrations',
    handler: 'http/registration/submit-registration',
    area: 'registration',
    auth: 'public',
    summary: 'An external user registers with the e-mailed code (rate-limited per e-mail and address)',
  },
  {
    method: 'GET',
    path: '/v2/registrations/pending',
    handler: 'http/admin/list-pending-registrations',
    area: 'admin',
    auth: 'jwt',
    summary: 'Self-registered external users waiting for review (administrators)',
  },
  {
    method: 'POST',
    path: '/v2/registrations/review',
    handler: 'http/admin/review-registrations',
    area: 'admin',
    auth: 'jwt',
    summary: 'Approve (Cognito invitation, grants) or reject (with reason) self-registrations',
  },
  // Guided tour
  {
    method: 'GET',
    path: '/v2/tours/{type}/{code}',
    handler: 'http/tours/get-tour',
    area: 'shell',
    auth: 'jwt',
    summary: 'Tour content and whether the caller has viewed it',
  },
  {
    method: 'PUT',
    path: '/v2/tours/{type}/{code}/viewed',
    handler: 'http/tours/mark-tour-viewed',
    area: 'shell',
    auth: 'jwt',
    summary: 'Record that the caller completed the tour',
  },
  // Notifications
  {
    method: 'GET',
    path: '/v2/notifications',
    handler: 'http/notifications/list-notifications',
    area: 'notifications',
    auth: 'jwt',
    summary: "The caller's latest notifications",
  },
  {
    method: 'POST',
    path: '/v2/notifications',
    handler: 'http/notifications/create-notification',
    area: 'notifications',
    auth: 'jwt',
    summary: "Notify a model's users (steward, lead, owners, viewers) with a note, live and by e-mail",
  },
  {
    method: 'POST',
    path: '/v2/notifications/clear',
    handler: 'http/notifications/clear-notifications',
    area: 'notifications',
    auth: 'jwt',
    summary: 'Remove notifications by id',
  },
  {
    method: 'POST',
    path: '/v2/notifications/seen',
    handler: 'http/notifications/mark-notifications-seen',
    area: 'notifications',
    auth: 'jwt',
    summary: 'Mark all notifications of the caller as seen',
  },
  // Incidents
  {
    method: 'POST',
    path: '/v2/incidents',
    handler: 'http/incidents/create-incident',
    area: 'users',
    auth: 'jwt',
    summary: 'Report a problem (incident) with a report id',
  },
  {
    method: 'GET',
    path: '/v2/incidents',
    handler: 'http/incidents/list-incidents',
    area: 'users',
    auth: 'jwt',
    summary: 'Incident list (administrators)',
  },
  // Admin Space (issue 20): every route authorizes by the permission flags (functions/core/admin/authorize.ts)
  {
    method: 'GET',
    path: '/v2/admin/users',
    handler: 'http/admin/list-users',
    area: 'admin',
    auth: 'jwt',
    summary: 'Internal user list: search, sort, page (administrators)',
  },
  {
    method: 'POST',
    path: '/v2/admin/users',
    handler: 'http/admin/enroll-user',
    area: 'admin',
    auth: 'jwt',
    summary: 'Enroll a person of the corporate directory with a user type (enrollUser)',
  },
  {
    method: 'GET',
    path: '/v2/admin/users/{id}',
    handler: 'http/admin/get-user',
    area: 'admin',
    auth: 'jwt',
    summary: 'One user for the detail and edit pages (administrators)',
  },
  {
    method: 'PATCH',
    path: '/v2/admin/users/{id}',
    handler: 'http/admin/update-user',
    area: 'admin',
    auth: 'jwt',
    summary: 'Set user type and/or active (changeUserRole, activateUser, deactivateUser; never oneself)',
  },
  {
    method: 'GET',
    path: '/v2/directory/search',
    handler: 'http/admin/search-directory',
    area: 'admin',
    auth: 'jwt',
    summary: "'Find user': people of the corporate directory, enrolled or not (enrollUser)",
  },
  // Admin Space: external users and registration codes (issue 20 §2, §9)
  {
    method: 'GET',
    path: '/v2/external-users',
    handler: 'http/external-users/list-external-users',
    area: 'admin',
    auth: 'jwt',
    summary: 'External users of both list variants, by last name (externalizationTabEnabled)',
  },
  {
    method: 'POST',
    path: '/v2/external-users',
    handler: 'http/external-users/register-external-user',
    area: 'admin',
    auth: 'jwt',
    summary: "Register an external user: the wizard's Generate; the registration code is mailed",
  },
  {
    method: 'GET',
    path: '/v2/external-users/eligible-models',
    handler: 'http/external-users/list-eligible-models',
    area: 'admin',
    auth: 'jwt',
    summary: 'The models the caller may give external users, with sub-models (wizard step 1)',
  },
  {
    method: 'GET',
    path: '/v2/external-users/access-review',
    handler: 'http/external-users/get-access-review',
    area: 'admin',
    auth: 'jwt',
    summary: 'Quarterly access review: every external user, what they reach, since when (administrators)',
  },
  {
    method: 'POST',
    path: '/v2/external-users/access-review',
    handler: 'http/external-users/decide-access-review',
    area: 'admin',
    auth: 'jwt',
    summary: 'Confirm or revoke external users in bulk (administrators)',
  },
  {
    method: 'GET',
    path: '/v2/external-users/{email}/overview',
    handler: 'http/external-users/get-external-user-overview',
    area: 'admin',
    auth: 'jwt',
    summary: 'User Overview: registration info, models, roles and sub-models',
  },
  {
    method: 'POST',
    path: '/v2/external-users/{email}/activate',
    handler: 'http/external-users/activate-external-user',
    area: 'admin',
    auth: 'jwt',
    summary: 'Activate: approve a self-registration or re-activate (activateUser)',
  },
  {
    method: 'POST',
    path: '/v2/external-users/{email}/deactivate',
    handler: 'http/external-users/deactivate-external-user',
    area: 'admin',
    auth: 'jwt',
    summary: 'Deactivate: the account closes at once, grants kept (deactivateUser)',
  },
  {
    method: 'POST',
    path: '/v2/external-users/{email}/reject',
    handler: 'http/external-users/reject-external-user',
    area: 'admin',
    auth: 'jwt',
    summary: 'Reject a self-registration with a reason (activateUser)',
  },
  {
    method: 'POST',
    path: '/v2/external-users/{email}/extend',
    handler: 'http/external-users/extend-external-access',
    area: 'admin',
    auth: 'jwt',
    summary: "Extend an external user's access to a new last day (registering person or administrator)",
  },
  // Admin Space: incidents and metadata options (issue 20 §4, §5)
  {
    method: 'GET',
    path: '/v2/admin/incidents',
    handler: 'http/admin/list-admin-incidents',
    area: 'admin',
    auth: 'jwt',
    summary: 'Incident grid: newest first, searched (administrators)',
  },
  {
    method: 'GET',
    path: '/v2/admin/incidents/{id}',
    handler: 'http/admin/get-admin-incident',
    area: 'admin',
    auth: 'jwt',
    summary:
      'One incident with its worklog and its browser stack resolved through source maps (administrators)',
  },
  {
    method: 'PATCH',
    path: '/v2/admin/incidents/{id}',
    handler: 'http/admin/update-admin-incident',
    area: 'admin',
    auth: 'jwt',
    summary: 'Edit Status: close an incident with a comment, written to its worklog (administrators)',
  },
  {
    method: 'GET',
    path: '/v2/admin/metadata-options/{type}',
    handler: 'http/admin/list-admin-metadata-options',
    area: 'admin',
    auth: 'jwt',
    summary: "One property's options with usage counts and running renames (administrators)",
  },
  {
    method: 'POST',
    path: '/v2/admin/metadata-options/{type}',
    handler: 'http/admin/add-metadata-option',
    area: 'admin',
    auth: 'jwt',
    summary: 'Add Option (administrators)',
  },
  {
    method: 'PUT',
    path: '/v2/admin/metadata-options/{type}/{value}',
    handler: 'http/admin/update-metadata-option',
    area: 'admin',
    auth: 'jwt',
    summary: 'Edit Option (a used value starts the rename job) or Retire Option (administrators)',
  },
  {
    method: 'DELETE',
    path: '/v2/admin/metadata-options/{type}/{value}',
    handler: 'http/admin/delete-metadata-option',
    area: 'admin',
    auth: 'jwt',
    summary: 'Delete an unused, unretired option (administrators)',
  },
  {
    method: 'GET',
    path: '/v2/admin/metadata-options/{type}/{value}/entries',
    handler: 'http/admin/list-option-entries',
    area: 'admin',
    auth: 'jwt',
    summary: 'The model entries an option change affects (administrators)',
  },
  {
    method: 'GET',
    path: '/v2/admin/metadata-option-jobs/{jobId}',
    handler: 'http/admin/get-rename-job',
    area: 'admin',
    auth: 'jwt',
    summary: "A rename job's progress (administrators)",
  },
  {
    method: 'POST',
    path: '/v2/admin/metadata-option-jobs/{jobId}/resume',
    handler: 'http/admin/resume-rename-job',
    area: 'admin',
    auth: 'jwt',
    summary: 'Run a stopped rename job again (administrators)',
  },
  // Admin Space: usage analytics (issue 20 §8)
  {
    method: 'GET',
    path: '/v2/admin/usage',
    handler: 'http/admin/get-usage-report',
    area: 'admin',
    auth: 'jwt',
    summary: "One month's views, downloads and runs per model entry (administrators)",
  },
  {
    method: 'GET',
    path: '/v2/admin/usage/dormant',
    handler: 'http/admin/list-dormant-entries',
    area: 'admin',
    auth: 'jwt',
    summary: 'Model entries nobody opened in a year, candidates for retirement (administrators)',
  },
  // Catalogue: list and Dynamic View (in-memory projection, docs/data-model.md "Catalogue search")
  {
    method: 'GET',
    path: '/v2/models',
    handler: 'http/models/list-models',
    area: 'catalogue',
    auth: 'jwt',
    summary: 'Model entries the caller may see: all or mine, search, filters, sort, paging',
  },
  {
    method: 'POST',
    path: '/v2/models/search',
    handler: 'http/models/search-models',
    area: 'catalogue',
    auth: 'jwt',
    summary: 'Dynamic View: eight facets, at most 500 cards, counts of the remaining filter values',
  },
  // Catalogue: entries, lifecycle, roles, files, options, user search
  {
    method: 'POST',
    path: '/v2/models/name-check',
    handler: 'http/models/check-model-name',
    area: 'models',
    auth: 'jwt',
    summary: 'Generated name of some metadata and whether it is free',
  },
  {
    method: 'POST',
    path: '/v2/models/exists-by-metadata',
    handler: 'http/models/exists-by-metadata',
    area: 'models',
    auth: 'jwt',
    summary: 'Is there an entry with the same identifying metadata',
  },
  {
    method: 'POST',
    path: '/v2/models',
    handler: 'http/models/create-model',
    area: 'models',
    auth: 'jwt',
    summary: 'Create a model entry with files, roles and lineage (one transaction)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}',
    handler: 'http/models/get-model',
    area: 'models',
    auth: 'jwt',
    summary: 'Model entry detail (general information only for preview-only callers)',
  },
  {
    method: 'PATCH',
    path: '/v2/models/{uuid}',
    handler: 'http/models/update-model',
    area: 'models',
    auth: 'jwt',
    summary: 'Update metadata and suffix (conditional on rev)',
  },
  {
    method: 'DELETE',
    path: '/v2/models/{uuid}',
    handler: 'http/models/delete-model',
    area: 'models',
    auth: 'jwt',
    summary: 'Delete a draft permanently',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/publish',
    handler: 'http/models/publish-model',
    area: 'models',
    auth: 'jwt',
    summary: 'Publish a draft (422 with the blocking issues)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/retire',
    handler: 'http/models/retire-model',
    area: 'models',
    auth: 'jwt',
    summary: 'Retire a published entry with a reason',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/roles',
    handler: 'http/models/get-model-roles',
    area: 'models',
    auth: 'jwt',
    summary: 'Roles of an entry with user summaries',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/roles',
    handler: 'http/models/set-model-roles',
    area: 'models',
    auth: 'jwt',
    summary: 'Set the roles of an entry (exclusivity, conditional on rev)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files',
    handler: 'http/models/list-model-files',
    area: 'files',
    auth: 'jwt',
    summary: 'File list of an entry',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/files',
    handler: 'http/models/attach-model-files',
    area: 'files',
    auth: 'jwt',
    summary: 'Attach uploaded files to an entry',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/files/{fileUuid}/download',
    handler: 'http/models/download-model-file',
    area: 'files',
    auth: 'jwt',
    summary: 'Presigned download of one file (legal notice acknowledged)',
  },
  // Collaboration: file manager, file access, access requests, sharing, audit (issue 4)
  {
    method: 'PATCH',
    path: '/v2/models/{uuid}/files',
    handler: 'http/files/update-files',
    area: 'files',
    auth: 'jwt',
    summary:
      'File manager save: folders, uploads, replacements, removals, attributes, clones (one transaction)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/files/outdate-instances',
    handler: 'http/files/outdate-instances',
    area: 'files',
    auth: 'jwt',
    summary:
      'After a file change on a draft entry: mark the executed instances of the named sub-models outdated',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/{fileUuid}/access',
    handler: 'http/files/get-file-access',
    area: 'files',
    auth: 'jwt',
    summary: 'Users a file is shared with and eligible internal users (file owner, managers, super users)',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/files/{fileUuid}/access',
    handler: 'http/files/set-file-access',
    area: 'files',
    auth: 'jwt',
    summary: "Grant (ACTIVE) or stop sharing (INACTIVE) one user's access to a file",
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/files/{fileUuid}/owner',
    handler: 'http/files/transfer-file-owner',
    area: 'files',
    auth: 'jwt',
    summary: 'Transfer the ownership of a file',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/files/{fileUuid}/access-requests',
    handler: 'http/files/request-file-access',
    area: 'files',
    auth: 'jwt',
    summary: 'Ask the file owner (and the model managers) for access to a file, by e-mail with a grant link',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/{fileUuid}/history',
    handler: 'http/files/get-file-history',
    area: 'files',
    auth: 'jwt',
    summary: 'Versions of a file body (uploads, replacements, clones)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/access-requests',
    handler: 'http/access/request-model-access',
    area: 'access',
    auth: 'jwt',
    summary: 'Ask the model managers for access, by e-mail with grant links',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/grants',
    handler: 'http/access/grant-model-role',
    area: 'access',
    auth: 'jwt',
    summary: 'Grant a model role to a user (grant links; managers and super users)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/share',
    handler: 'http/access/share-model',
    area: 'access',
    auth: 'jwt',
    summary: 'Share a model entry by e-mail with a message and a link',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/theorem-access/{userId}',
    handler: 'http/access/set-theorem-access',
    area: 'access',
    auth: 'jwt',
    summary: "A user's four THEOREM flags on an Oncology model (super users)",
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/audit',
    handler: 'http/access/list-audit',
    area: 'access',
    auth: 'jwt',
    summary: 'Audit trail of grants, ownership transfers and downloads (managers, super users)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/download-all',
    handler: 'http/models/download-all-files',
    area: 'files',
    auth: 'jwt',
    summary: 'Start the zip of every file the caller may read (legal notice acknowledged): 202 with the job',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/archives/{archiveId}',
    handler: 'http/models/get-download-archive',
    area: 'files',
    auth: 'jwt',
    summary:
      'Status and progress of a "Download all" archive; a presigned GET once it is ready (requester only)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/expertise/{userId}',
    handler: 'http/models/get-user-expertise',
    area: 'models',
    auth: 'jwt',
    summary: 'User Settings of a user on a WebModel 2.0 entry',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/expertise/{userId}',
    handler: 'http/models/put-user-expertise',
    area: 'models',
    auth: 'jwt',
    summary: 'Set the User Settings of a user on a WebModel 2.0 entry',
  },
  // Versions and lineage (issue 18, docs/versions.md)
  {
    method: 'POST',
    path: '/v2/models/{uuid}/versions',
    handler: 'http/models/create-version',
    area: 'models',
    auth: 'jwt',
    summary: 'New version of an entry: entry, roles, lineage link and copied files (one operation)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/hierarchy',
    handler: 'http/models/get-hierarchy',
    area: 'models',
    auth: 'jwt',
    summary: "The entry's whole lineage from its root ('Restricted access' nodes carry no names)",
  },
  {
    method: 'GET',
    path: '/v2/models/lineage-roots',
    handler: 'http/models/list-lineage-roots',
    area: 'catalogue',
    auth: 'jwt',
    summary: 'Lineage roots whose product, disease and therapeutic area match (Edit Lineage candidates)',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/lineage',
    handler: 'http/models/update-lineage',
    area: 'models',
    auth: 'jwt',
    summary: 'Link an entry (with its subtree) under a parent, or start a new lineage',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/history',
    handler: 'http/files/list-files-history',
    area: 'files',
    auth: 'jwt',
    summary: 'Version history entries of some files of an entry, through earlier versions, newest first',
  },
  // Comparing versions (issue 18 §3, §4; docs/versions.md "Compare")
  {
    method: 'GET',
    path: '/v2/models/{uuid}/compare/{otherUuid}',
    handler: 'http/diffs/compare-versions',
    area: 'diffs',
    auth: 'jwt',
    summary: "Two versions' logs and changelogs, and their files paired (history, then path) with a status",
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}',
    handler: 'http/diffs/get-file-diff',
    area: 'diffs',
    auth: 'jwt',
    summary: "Diff of two files: a text file's hunks, or a workbook diff's overview (202 while computed)",
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}/sheets/{sheet}',
    handler: 'http/diffs/get-sheet-diff',
    area: 'diffs',
    auth: 'jwt',
    summary: 'One page (200 aligned rows) of a sheet of a computed workbook diff',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}/macros/{module}',
    handler: 'http/diffs/get-macro-diff',
    area: 'diffs',
    auth: 'jwt',
    summary: 'The text diff of one VBA module of a computed workbook diff',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/compare/{otherUuid}/results',
    handler: 'http/diffs/compare-results',
    area: 'diffs',
    auth: 'jwt',
    summary:
      "Same-named scenarios' result tables of two WebModel 2.0 versions compared, largest change first",
  },
  // Source control (issue 18 §5; docs/source-control.md)
  {
    method: 'GET',
    path: '/v2/source-control/projects',
    handler: 'http/source-control/list-source-projects',
    area: 'source-control',
    auth: 'jwt',
    summary: 'Source-control projects (internal users)',
  },
  {
    method: 'GET',
    path: '/v2/source-control/projects/{project}',
    handler: 'http/source-control/get-source-project',
    area: 'source-control',
    auth: 'jwt',
    summary: 'One source-control project',
  },
  {
    method: 'GET',
    path: '/v2/source-control/projects/{project}/repos',
    handler: 'http/source-control/list-source-repositories',
    area: 'source-control',
    auth: 'jwt',
    summary: "A project's repositories",
  },
  {
    method: 'GET',
    path: '/v2/source-control/projects/{project}/repos/{repo}/branches',
    handler: 'http/source-control/list-source-branches',
    area: 'source-control',
    auth: 'jwt',
    summary: "A repository's branches, the default one marked",
  },
  {
    method: 'GET',
    path: '/v2/source-control/projects/{project}/repos/{repo}/browse',
    handler: 'http/source-control/browse-source',
    area: 'source-control',
    auth: 'jwt',
    summary: "A folder's entries or a file's text at a branch or commit (?path&at)",
  },
  {
    method: 'GET',
    path: '/v2/source-control/projects/{project}/repos/{repo}/commits',
    handler: 'http/source-control/list-source-commits',
    area: 'source-control',
    auth: 'jwt',
    summary: 'Commits touching a path, newest first, paged (?path&until&start&limit)',
  },
  {
    method: 'GET',
    path: '/v2/source-control/projects/{project}/repos/{repo}/diff',
    handler: 'http/source-control/get-source-diff',
    area: 'source-control',
    auth: 'jwt',
    summary: 'The diff between two commits under a path (?path&since&until)',
  },
  {
    method: 'PUT',
    path: '/v2/source-control/projects/{project}/repos/{repo}/files',
    handler: 'http/source-control/save-source-file',
    area: 'source-control',
    auth: 'jwt',
    summary: 'Commit one file in the name of an entry linked to the repository',
  },
  // Sub-models, input definitions, groups, help files (issue 10)
  {
    method: 'GET',
    path: '/v2/models/{uuid}/sub-models',
    handler: 'http/sub-models/list-sub-models',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Sub-models of a section (?type=scenario|calibration|display) with the section access',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/sub-models',
    handler: 'http/sub-models/create-sub-model',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Add a sub-model with its input definition',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/sub-models/{subModelId}',
    handler: 'http/sub-models/get-sub-model',
    area: 'sub-models',
    auth: 'jwt',
    summary: "One sub-model with the caller's permissions",
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/sub-models/{subModelId}',
    handler: 'http/sub-models/update-sub-model',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Edit a sub-model; optionally outdate its instances',
  },
  {
    method: 'DELETE',
    path: '/v2/models/{uuid}/sub-models/{subModelId}',
    handler: 'http/sub-models/delete-sub-model',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Delete a sub-model with its input definitions, groups and instances',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/outdate',
    handler: 'http/sub-models/outdate-sub-model',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Mark the instances of a sub-model outdated',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/inputs',
    handler: 'http/sub-models/list-inputs',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Input definitions of a sub-model, newest first',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/inputs',
    handler: 'http/sub-models/create-input',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Add an input definition',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/inputs/import',
    handler: 'http/sub-models/import-definition',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Import an input definition from a .json or .xml file',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}',
    handler: 'http/sub-models/get-input',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'One input definition with its validity',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}',
    handler: 'http/sub-models/update-input',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Save an input definition (an invalid template too, answered with its issues)',
  },
  {
    method: 'DELETE',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}',
    handler: 'http/sub-models/delete-input',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Delete an input definition',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/help-files',
    handler: 'http/sub-models/list-help-files',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Help files of an entry the caller may read',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/groups',
    handler: 'http/sub-models/list-groups',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Scenario groups of an entry or a sub-model, by name',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/groups',
    handler: 'http/sub-models/create-group',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Create a scenario group',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/groups/{groupId}',
    handler: 'http/sub-models/get-group',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'One scenario group',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/groups/{groupId}',
    handler: 'http/sub-models/update-group',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Rename a scenario group or set its instances',
  },
  {
    method: 'DELETE',
    path: '/v2/models/{uuid}/groups/{groupId}',
    handler: 'http/sub-models/delete-group',
    area: 'sub-models',
    auth: 'jwt',
    summary: 'Delete a scenario group',
  },
  // Instances (scenarios), sharing and parameter files (issue 10)
  {
    method: 'GET',
    path: '/v2/models/{uuid}/instances',
    handler: 'http/instances/list-instances',
    area: 'instances',
    auth: 'jwt',
    summary:
      'The instance list query: sub-model, statuses, name, creator, month, search, hidden, view, paging, order, facets',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/sub-models/{subModelId}/instances',
    handler: 'http/instances/create-instance',
    area: 'instances',
    auth: 'jwt',
    summary: 'Add a DRAFT instance with the default values of the input definition',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/name-check',
    handler: 'http/instances/check-instance-name',
    area: 'instances',
    auth: 'jwt',
    summary: 'Whether an instance name is taken in the entry',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/instances/{instanceId}',
    handler: 'http/instances/get-instance',
    area: 'instances',
    auth: 'jwt',
    summary: "One instance with its values within the caller's expertise level, permissions and shares",
  },
  {
    method: 'PATCH',
    path: '/v2/models/{uuid}/instances/{instanceId}',
    handler: 'http/instances/update-instance',
    area: 'instances',
    auth: 'jwt',
    summary: 'Rename an instance, hide or show it, set its display scenarios',
  },
  {
    method: 'DELETE',
    path: '/v2/models/{uuid}/instances/{instanceId}',
    handler: 'http/instances/delete-instance',
    area: 'instances',
    auth: 'jwt',
    summary: 'Delete an own instance that is not executed, failed, cancelled or completed',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/instances/{instanceId}/inputs',
    handler: 'http/instances/put-instance-inputs',
    area: 'instances',
    auth: 'jwt',
    summary: "Save an instance's values (parameters above the caller's level are kept)",
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/instances/{instanceId}/label',
    handler: 'http/instances/set-instance-label',
    area: 'instances',
    auth: 'jwt',
    summary: "Set an instance's label",
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/{instanceId}/clone',
    handler: 'http/instances/clone-instance',
    area: 'instances',
    auth: 'jwt',
    summary: 'Copy a non-outdated instance as a new DRAFT',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/instances/{instanceId}/share-candidates',
    handler: 'http/instances/list-share-candidates',
    area: 'instances',
    auth: 'jwt',
    summary: 'Users the instance may be shared with (at most 10)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/{instanceId}/share',
    handler: 'http/instances/share-instance',
    area: 'instances',
    auth: 'jwt',
    summary: 'Share an instance with one user and e-mail them',
  },
  {
    method: 'PUT',
    path: '/v2/models/{uuid}/instances/{instanceId}/share/{userId}',
    handler: 'http/instances/stop-sharing',
    area: 'instances',
    auth: 'jwt',
    summary: 'Stop sharing an instance with a user (status INACTIVE)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/{instanceId}/analysis',
    handler: 'http/instances/save-analysis',
    area: 'instances',
    auth: 'jwt',
    summary: 'Save or Update Analysis: name an analysis and show it among the saved analyses',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/{instanceId}/parameter-files',
    handler: 'http/instances/create-parameter-file',
    area: 'instances',
    auth: 'jwt',
    summary: 'A presigned upload for the file of a FILE parameter (1 MB)',
  },
  // Executions, results and calibration governance (issue 11)
  {
    method: 'POST',
    path: '/v2/models/{uuid}/executions',
    handler: 'http/executions/create-execution',
    area: 'executions',
    auth: 'jwt',
    summary: 'Execute: one execution group for the given instances (201; 200 when they run already)',
  },
  {
    method: 'POST',
    path: '/v2/executions/{groupId}/start',
    handler: 'http/executions/start-execution',
    area: 'executions',
    auth: 'jwt',
    summary: 'Start the runs of an execution group (one Step Functions execution each)',
  },
  {
    method: 'POST',
    path: '/v2/executions/{groupId}/cancel',
    handler: 'http/executions/cancel-execution',
    area: 'executions',
    auth: 'jwt',
    summary: 'Cancel the active runs of an execution group',
  },
  {
    method: 'GET',
    path: '/v2/executions',
    handler: 'http/executions/list-executions',
    area: 'executions',
    auth: 'jwt',
    summary: 'The execution queue: execution groups, newest first, 50 a page',
  },
  {
    method: 'GET',
    path: '/v2/executions/{groupId}',
    handler: 'http/executions/get-execution',
    area: 'executions',
    auth: 'jwt',
    summary: 'One execution group with the details of its runs',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/instances/{instanceId}/result',
    handler: 'http/executions/get-instance-result',
    area: 'executions',
    auth: 'jwt',
    summary: 'The latest run of an instance: its result, notes, error and log tails',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/instances/{instanceId}/outputs',
    handler: 'http/executions/get-instance-outputs',
    area: 'executions',
    auth: 'jwt',
    summary: 'A presigned download of the outputs of the latest run (zip, or ?path= one file)',
  },
  {
    method: 'GET',
    path: '/v2/models/{uuid}/instances/{instanceId}/record',
    handler: 'http/executions/get-instance-record',
    area: 'executions',
    auth: 'jwt',
    summary: 'The reproducibility record of a run, with the non-deterministic flag',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/{instanceId}/accept',
    handler: 'http/executions/accept-instance',
    area: 'executions',
    auth: 'jwt',
    summary: 'Accept a completed instance (the one accepted before is superseded)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/{instanceId}/unaccept',
    handler: 'http/executions/unaccept-instance',
    area: 'executions',
    auth: 'jwt',
    summary: 'Unaccept an accepted instance (back to completed)',
  },
  {
    method: 'POST',
    path: '/v2/models/{uuid}/instances/{instanceId}/supersede',
    handler: 'http/executions/supersede-instance',
    area: 'executions',
    auth: 'jwt',
    summary: 'Supersede an accepted instance',
  },
  {
    method: 'POST',
    path: '/v2/uploads',
    handler: 'http/uploads/create-upload',
    area: 'files',
    auth: 'jwt',
    summary: 'Presigned PUT URLs for new files',
  },
  {
    method: 'GET',
    path: '/v2/users/search',
    handler: 'http/users/search-users',
    area: 'users',
    auth: 'jwt',
    summary: 'User pick lists: name, e-mail or ISID prefix',
  },
  {
    method: 'GET',
    path: '/v2/metadata-options',
    handler: 'http/metadata-options/list-metadata-options',
    area: 'shell',
    auth: 'jwt',
    summary: 'Metadata option lists',
  },
] as const satisfies readonly HttpRoute[];

export type HttpRouteDef = (typeof HTTP_ROUTES)[number];

/** The route key API Gateway hands the function (`event.routeKey`), e.g. `GET /v2/models/{uuid}`. */
export const routeKeyOf = (route: Pick<HttpRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Requests that match no route: API Gateway's `$default` route in AWS, the fallback of the local
 * gateway. Its module answers 404 in the API's error shape and reaches no data, so its function has no
 * table or bucket grant (functions/areas/not-found.ts).
 */
export const UNMATCHED_ROUTE = {
  routeKey: '$default',
  handler: 'areas/not-found',
  area: 'unmatched',
} as const satisfies { routeKey: string; handler: string; area: HttpAreaName };

/**
 * WebSocket API routes, all served by the `websocket` area's function, which dispatches by
 * `requestContext.routeKey`. `$connect` verifies the token given as `?token=` (browsers cannot set
 * headers).
 */
export const WS_ROUTES = [
  { routeKey: '$connect', handler: 'ws/connect' },
  { routeKey: '$disconnect', handler: 'ws/disconnect' },
  { routeKey: '$default', handler: 'ws/default' },
] as const;
export const WS_AREA = 'websocket' satisfies AreaName;

/**
 * Lambda tasks of the model-run state machine, by task name, all served by the `workflow` area's
 * function. The ASL file (`cdk/state-machine/run-model.asl.json`) invokes that one function
 * (`${WorkflowFunctionArn}`) with `{ "task": "<name>", "input.$": "$" }`: the function runs the task's
 * module with `input`, the state input the module has always received.
 */
export const WORKFLOW_TASKS = {
  AcquireRunSlot: 'workflow/acquire-run-slot',
  Prepare: 'workflow/prepare',
  Collect: 'workflow/collect',
  MarkFailed: 'workflow/mark-failed',
  ReleaseRunSlot: 'workflow/release-run-slot',
} as const;
export const WORKFLOW_AREA = 'workflow' satisfies AreaName;

/**
 * The model runner's only way to storage (functions/core/runs/run-access.ts): the runner invokes this
 * area's function with `{ "task": "RunAccess", "input": { runId, token, request } }`; its task role
 * holds `lambda:InvokeFunction` on this function and nothing else.
 */
export const RUN_ACCESS_TASKS = { RunAccess: 'workflow/run-access' } as const;
export const RUN_ACCESS_AREA = 'runaccess' satisfies AreaName;

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
 * timer in the local cloud (scripts/local/scheduler.ts) that also runs each job once at start. The
 * rule's target input is `{ "job": "<name>", "time": ... }`: the area's function dispatches by `job`.
 */
export interface ScheduledJob {
  readonly name: string;
  readonly handler: string;
  readonly area: AreasOf<'schedule'>;
  readonly everyMinutes: number;
  readonly description: string;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    name: 'compact-catalogue',
    handler: 'jobs/compact-catalogue',
    area: 'jobs',
    everyMinutes: 15,
    description: 'Folds the catalogue change log into a new snapshot',
  },
  {
    name: 'reconcile-executions',
    handler: 'jobs/reconcile-executions',
    area: 'jobs',
    everyMinutes: 5,
    description:
      'Fails runs whose Step Functions execution ended without recording it (a restart, a lost task)',
  },
  {
    name: 'expire-external-access',
    handler: 'jobs/expire-external-access',
    area: 'jobs',
    everyMinutes: 60,
    description:
      "Ends external users' access after its last day and mails the registering person 14 days before",
  },
  {
    name: 'sweep-versions',
    handler: 'jobs/sweep-versions',
    area: 'jobs',
    everyMinutes: 5,
    description:
      'Removes what a New Model Version that died before its commit left behind, and finishes lineage moves that stopped',
  },
];

/**
 * Jobs that run on every deploy: a CloudFormation custom resource in AWS (cdk/constructs/deploy-job.ts)
 * whose `job` property names the entry; the local cloud runs the same use case at every start
 * (scripts/local/seed.ts). The area's function dispatches by `ResourceProperties.job`.
 */
export interface DeployJob {
  readonly name: string;
  readonly handler: string;
  readonly area: AreasOf<'schedule'>;
  readonly description: string;
}

export const DEPLOY_JOBS: readonly DeployJob[] = [
  {
    name: 'seed-app-data',
    handler: 'deploy/seed-app-data',
    area: 'jobs',
    description: 'Seeds the option lists, application settings and tour (idempotent)',
  },
];

/**
 * Jobs that our own code starts: an asynchronous Lambda invocation (`InvokeCommand`, InvocationType
 * 'Event') of the area's function with `{ "job": "<name>", ... }` (functions/lib/job-invoker.ts), for
 * work that does not fit the HTTP API's 29 s. Locally the gateway emulates Lambda's Invoke API
 * (scripts/local/lambda-api.ts). The function's name reaches the invoking areas as JOBS_FUNCTION_NAME,
 * with `lambda:InvokeFunction` on exactly that function (cdk/constructs/area-grants.ts).
 */
/** The area whose function INVOKED_JOBS run in: the one function other areas may invoke. */
export const INVOKED_JOBS_AREA = 'jobs' satisfies AreasOf<'schedule'>;

export interface InvokedJob {
  readonly name: string;
  readonly handler: string;
  readonly area: typeof INVOKED_JOBS_AREA;
  readonly description: string;
}

export const INVOKED_JOBS = [
  {
    name: 'build-archive',
    handler: 'jobs/build-archive',
    area: 'jobs',
    description: 'Writes the zip of a "Download all" request to the files bucket, with progress',
  },
  {
    name: 'compute-workbook-diff',
    handler: 'jobs/compute-workbook-diff',
    area: 'jobs',
    description: 'Computes the diff of two workbook bodies once and stores it under both SHA-256 hashes',
  },
  {
    name: 'rename-metadata-option',
    handler: 'jobs/rename-metadata-option',
    area: 'jobs',
    description: 'Renames a metadata option in every model entry that uses it, with progress (resumable)',
  },
] as const satisfies readonly InvokedJob[];

export type InvokedJobName = (typeof INVOKED_JOBS)[number]['name'];

/** One entry an area function dispatches to: its key (route key, task or job name) and module. */
export interface AreaEntry {
  readonly key: string;
  readonly handler: string;
}

/** Every entry of an area, from the tables above: what its function's dispatch map holds. */
export function areaEntries(area: AreaName): AreaEntry[] {
  const entries: AreaEntry[] = [];
  for (const route of HTTP_ROUTES)
    if (route.area === area) entries.push({ key: routeKeyOf(route), handler: route.handler });
  if (UNMATCHED_ROUTE.area === area)
    entries.push({ key: UNMATCHED_ROUTE.routeKey, handler: UNMATCHED_ROUTE.handler });
  if (area === WS_AREA) for (const r of WS_ROUTES) entries.push({ key: r.routeKey, handler: r.handler });
  if (area === WORKFLOW_AREA)
    for (const [task, handler] of Object.entries(WORKFLOW_TASKS)) entries.push({ key: task, handler });
  if (area === RUN_ACCESS_AREA)
    for (const [task, handler] of Object.entries(RUN_ACCESS_TASKS)) entries.push({ key: task, handler });
  for (const job of [...SCHEDULED_JOBS, ...DEPLOY_JOBS, ...INVOKED_JOBS])
    if (job.area === area) entries.push({ key: job.name, handler: job.handler });
  return entries;
}

/** The areas in the order of AREAS (a function: handler bundles import this module, and a top-level call would keep AREAS in all of them). */
export function areaNames(): AreaName[] {
  return Object.keys(AREAS) as AreaName[];
}
