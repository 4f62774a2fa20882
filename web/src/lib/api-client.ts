import {
  type ApiRequest,
  type ApiResponse,
  fillPath,
  type OperationId,
  routeOfOperation,
} from '@shared/api/operations';
import { API_BASE_PATH } from '@shared/api/routes';
import { getConfig } from '../config/env';
import { paths } from '../config/paths';
import { trackOperation } from './analytics';
import { ApiError, describeApiError, forbiddenRedirect } from './api-errors';
import { getIdToken, signOutEverywhere } from './auth';
import { notify } from './message-stack';
import { currentTarget, navigateTo } from './navigation';
import { isLoggedOut, touchSession } from './session';

export { ApiError } from './api-errors';

/**
 * An authenticated call asked for after sign-out: it is not sent, since its token is gone or revoked
 * (it could only earn a 401). Named like an aborted fetch, which callers already pass over quietly.
 */
export class SignedOutError extends Error {
  override name = 'AbortError';
  constructor() {
    super('Signed out: the call was not sent');
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Public routes (settings, version) are called without a token. */
  auth?: boolean;
  /**
   * Whether a success counts as activity for the idle session. False for logout, settings and
   * version (002 §4).
   */
  touchesSession?: boolean;
  /**
   * The caller handles failures itself: true for all, or a predicate for some statuses. 401 is
   * always handled here (re-login).
   */
  handleErrors?: boolean | ((error: ApiError) => boolean);
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`${getConfig().apiUrl.replace(/\/+$/, '')}${API_BASE_PATH}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let reauthenticating: Promise<void> | undefined;

/** 401 after a token refresh: the session is gone; sign out and come back here after sign-in. */
function reauthenticate(): Promise<void> {
  reauthenticating ??= (async () => {
    const target = currentTarget();
    await signOutEverywhere();
    await navigateTo(paths.landing.getHref(target, 'session-expired'), { replace: true });
  })().finally(() => {
    reauthenticating = undefined;
  });
  return reauthenticating;
}

/** The global error handling of 002 §8 for a failure the caller did not take over. */
export function handleApiError(error: ApiError, apiPath: string): void {
  const outcome = describeApiError(error.status, error.body);
  switch (outcome.kind) {
    case 'forbidden':
      notify.warning(outcome.text);
      void navigateTo(
        forbiddenRedirect(
          apiPath,
          window.location.pathname,
          paths.accessDenied.getHref(),
          paths.models.getHref(),
        ),
        { replace: true },
      );
      return;
    case 'reauthenticate':
      void reauthenticate();
      return;
    case 'report':
      notify.error(outcome.text, outcome.reportId);
      return;
    default:
      notify.error(outcome.text);
  }
}

function callerHandles(options: RequestOptions, error: ApiError): boolean {
  const { handleErrors } = options;
  return typeof handleErrors === 'function' ? handleErrors(error) : handleErrors === true;
}

let backgroundDepth = 0;

/**
 * Runs `start`; the calls it starts at once (synchronously) are the app's own, not the user's
 * activity: they do not push the idle session's expiry forward (`touchesSession: false`). For
 * refetches a live message triggers (TanStack Query starts a refetch's queryFn synchronously inside
 * `invalidateQueries`), which would otherwise keep an idle session alive while runs progress.
 */
export function withoutSessionActivity<T>(start: () => T): T {
  backgroundDepth++;
  try {
    return start();
  } finally {
    backgroundDepth--;
  }
}

/**
 * The one API client: base `${apiUrl}/v2`, the Cognito ID token as Bearer, JSON both ways. A 401
 * gets one retry with refreshed tokens before the user is sent to sign in again.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // Read before the first await: `withoutSessionActivity` covers only the synchronous start.
  const touchesSession = (options.touchesSession ?? true) && backgroundDepth === 0;
  const auth = options.auth ?? true;
  if (auth && isLoggedOut()) throw new SignedOutError();
  let response: Response;
  try {
    const token = auth ? await getIdToken() : undefined;
    response = await send(path, options, token);
    if (response.status === 401 && auth) {
      const refreshed = await getIdToken(true);
      if (refreshed) response = await send(path, options, refreshed);
    }
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    const error = new ApiError(0, undefined, (cause as Error)?.message ?? 'Network error');
    if (!callerHandles(options, error)) handleApiError(error, path);
    throw error;
  }

  const body = await readBody(response);
  if (response.ok) {
    if (touchesSession) touchSession();
    return body as T;
  }

  const error = new ApiError(
    response.status,
    typeof body === 'object' ? (body as ApiError['body']) : undefined,
  );
  if (response.status === 401 && auth) void reauthenticate();
  else if (!callerHandles(options, error)) handleApiError(error, path);
  throw error;
}

/** A call's request (path params, query, body as its route declares them) and how it is sent. */
export type CallOptions<Op extends OperationId> = ApiRequest<Op> &
  Omit<RequestOptions, 'method' | 'body' | 'query'>;

/** The options may be left out when the route needs no path param and no body. */
type CallArgs<Op extends OperationId> =
  Record<never, never> extends ApiRequest<Op> ? [options?: CallOptions<Op>] : [options: CallOptions<Op>];

/**
 * The typed client: each call names a route of the route table by its operation (the handler's name,
 * shared/api/operations.ts); method and path come from the table, the request and answer types from
 * the route's schemas in shared/api/schemas.ts. `apiClient.call('getModel', { params: { uuid } })`.
 */
export const apiClient = {
  call<Op extends OperationId>(operation: Op, ...args: CallArgs<Op>): Promise<ApiResponse<Op>> {
    const { method, path } = routeOfOperation(operation);
    // The generic request type is too wide for TypeScript to spread; each call site was checked above.
    const options = args[0] as unknown as (RequestOptions & { params?: Record<string, string> }) | undefined;
    const { params, body, ...rest } = options ?? {};
    return request<ApiResponse<Op>>(fillPath(path, params).slice(API_BASE_PATH.length), {
      ...rest,
      method,
      body,
    }).then((answer) => {
      // Usage analytics (issue 20 §8): the spec's actions are these calls; a no-op while it is off.
      trackOperation(operation, params, answer);
      return answer;
    });
  },
};
