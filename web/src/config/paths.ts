/** Every route of the SPA (000 §2, 001 §2, 002 §2). Components build links with `getHref()`. */
const withQuery = (path: string, query?: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** The query parameter that carries the page a signed-out user wanted. */
export const REDIRECT_PARAM = 'redirect';
/** The query parameter that tells the welcome page why the user was signed out. */
export const SIGNED_OUT_REASON_PARAM = 'reason';
/** Why the app signed the user out by itself (a Logout click needs no explanation). */
export type SignedOutReason = 'session-expired';

export const paths = {
  root: { path: '/', getHref: () => '/' },
  landing: {
    path: '/landingPage',
    getHref: (redirectTo?: string, reason?: SignedOutReason) =>
      withQuery('/landingPage', { [REDIRECT_PARAM]: redirectTo, [SIGNED_OUT_REASON_PARAM]: reason }),
  },
  login: {
    path: '/login',
    getHref: (redirectTo?: string) => withQuery('/login', { [REDIRECT_PARAM]: redirectTo }),
  },
  baseLogin: { path: '/base/login', getHref: () => '/base/login' },
  base: { path: '/base', getHref: () => '/base' },
  errorEntry: { path: '/error', getHref: () => '/error' },
  registration: { path: '/registration', getHref: () => '/registration' },

  models: { path: '/model', getHref: () => '/model' },
  modelUpload: {
    path: '/model-upload',
    /** `basedOn`: prefill the wizard with an existing model's metadata (000 §2, second flow). */
    getHref: (basedOn?: string) => withQuery('/model-upload', { basedOn }),
  },
  modelDetail: {
    path: '/model/:uuid/detail',
    getHref: (uuid: string, tab?: string) => withQuery(`/model/${encodeURIComponent(uuid)}/detail`, { tab }),
  },
  // Sub-models and instances (001 §2). Values that are not part of the path travel as query values.
  subModelList: {
    path: '/model/:modelUuid/:section/submodel-list',
    /** `subModel`: the sub-model selected in the list. */
    getHref: (uuid: string, section: string, subModel?: string) =>
      withQuery(`/model/${encodeURIComponent(uuid)}/${encodeURIComponent(section)}/submodel-list`, {
        subModel,
      }),
  },
  inputDefinitionList: {
    path: '/model/:modelUuid/sub-model/:subModelId/input-definition-list',
    getHref: (uuid: string, subModelId: string) =>
      `/model/${encodeURIComponent(uuid)}/sub-model/${encodeURIComponent(subModelId)}/input-definition-list`,
  },
  inputDefinitionEditor: {
    path: '/model/:modelUuid/sub-model/:subModelId/editor',
    /** `inputId`: the input definition to edit (default: the sub-model's definition). */
    getHref: (uuid: string, subModelId: string, inputId?: string) =>
      withQuery(`/model/${encodeURIComponent(uuid)}/sub-model/${encodeURIComponent(subModelId)}/editor`, {
        inputId,
      }),
  },
  instanceList: {
    path: '/model/:modelUuid/sub-model/:subModelId/instance-list',
    /** `instance`: the instance selected in the list (lib/workspace.ts). */
    getHref: (uuid: string, subModelId: string, instance?: string) =>
      withQuery(
        `/model/${encodeURIComponent(uuid)}/sub-model/${encodeURIComponent(subModelId)}/instance-list`,
        { instance },
      ),
  },
  instanceEditor: {
    path: '/model/:modelUuid/instance/:scenarioId/editor',
    getHref: (uuid: string, scenarioId: string) =>
      `/model/${encodeURIComponent(uuid)}/instance/${encodeURIComponent(scenarioId)}/editor`,
  },
  instanceDetail: {
    path: '/model/:modelUuid/instance/:scenarioId/detail',
    getHref: (uuid: string, scenarioId: string) =>
      `/model/${encodeURIComponent(uuid)}/instance/${encodeURIComponent(scenarioId)}/detail`,
  },
  // The visualization flow (001 §2): its state travels in the path and the query, so each step is a
  // deep link that survives a reload.
  visualizationSelection: {
    path: '/model/:modelUuid/visualization/selection',
    /** `scenarioId`: an instance ticked when the page opens (an instance's row menu). */
    getHref: (uuid: string, scenarioId?: string) =>
      withQuery(`/model/${encodeURIComponent(uuid)}/visualization/selection`, { scenarioId }),
  },
  visualizationSetting: {
    path: '/model/:modelUuid/visualization/setting',
    /** `scenarios`: the displayed instances in their order; `analysis`: the analysis being changed. */
    getHref: (uuid: string, scenarios: readonly string[], analysis?: string) =>
      withQuery(`/model/${encodeURIComponent(uuid)}/visualization/setting`, {
        scenarios: scenarios.join(','),
        analysis,
      }),
  },
  visualizationRender: {
    path: '/model/:modelUuid/visualization/render/:scenarioId',
    /** `scenarioId`: the analysis; '0' shows test data (Test Visualization). */
    getHref: (uuid: string, scenarioId: string) =>
      `/model/${encodeURIComponent(uuid)}/visualization/render/${encodeURIComponent(scenarioId)}`,
  },
  visualizationParameters: {
    path: '/model/:modelUuid/visualization/parameters-display/:scenarioId',
    getHref: (uuid: string, scenarioId: string) =>
      `/model/${encodeURIComponent(uuid)}/visualization/parameters-display/${encodeURIComponent(scenarioId)}`,
  },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  executionQueue: { path: '/scenario-execution-queue', getHref: () => '/scenario-execution-queue' },
  /** The queue's former path: redirects to `executionQueue`. */
  legacyExecutionQueue: { path: '/execution-queue', getHref: () => '/execution-queue' },

  externalization: { path: '/externalization', getHref: () => '/externalization' },
  externalizationList: { path: '/externalization/list', getHref: () => '/externalization/list' },
  externalizationEnroll: {
    path: '/externalization/user/enroll',
    getHref: () => '/externalization/user/enroll',
  },

  admin: { path: '/admin', getHref: () => '/admin' },
  adminUsers: { path: '/admin/user', getHref: () => '/admin/user' },
  adminUserEnroll: { path: '/admin/user/enroll', getHref: () => '/admin/user/enroll' },
  adminUserDetail: {
    path: '/admin/user/:id/detail',
    getHref: (id: string) => `/admin/user/${encodeURIComponent(id)}/detail`,
  },
  adminUserEdit: {
    path: '/admin/user/:id/edit',
    getHref: (id: string) => `/admin/user/${encodeURIComponent(id)}/edit`,
  },
  adminMetadata: { path: '/admin/manage-metadata', getHref: () => '/admin/manage-metadata' },
  adminMetadataProperty: {
    path: '/admin/manage-metadata/:property',
    getHref: (property: string) => `/admin/manage-metadata/${encodeURIComponent(property)}`,
  },
  adminIncidents: { path: '/admin/incident-management', getHref: () => '/admin/incident-management' },
  adminExternalUsers: { path: '/admin/externalization-user', getHref: () => '/admin/externalization-user' },
  adminRegistrationReview: {
    path: '/admin/registration-review',
    getHref: () => '/admin/registration-review',
  },
  adminUsage: { path: '/admin/usage', getHref: () => '/admin/usage' },

  notImplemented: { path: '/not-implemented', getHref: () => '/not-implemented' },
  error500: { path: '/error/500', getHref: () => '/error/500' },
  accessDenied: { path: '/error/access-denied', getHref: () => '/error/access-denied' },
  unauthorised: { path: '/error/unauthorised', getHref: () => '/error/unauthorised' },
  localOutbox: { path: '/local/outbox', getHref: () => '/local/outbox' },
} as const;

/** Home of a signed-in user. */
export const HOME_HREF = paths.models.getHref();

/** Only same-origin absolute paths are followed after sign-in (no open redirects). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_HREF;
  const pathOnly = value.split('?')[0] ?? '';
  const publicEntry = ['/landingPage', '/login', '/base', '/base/login', '/error'];
  return publicEntry.includes(pathOnly) ? HOME_HREF : value;
}
