import { vi } from 'vitest';
import { setConfig } from '../config/env';

/**
 * Fetch stand-ins and the test configuration for the web tests of every feature (no network).
 * Only test files import this module. Tests also mock `lib/auth` (no Amplify in jsdom) with `auth-stub.ts`.
 */
export const API = 'http://api.test';

/** Points the API client at {@link API}; call it before rendering anything that fetches. */
export function configureTestApi(): void {
  setConfig({
    stage: 'test',
    region: 'eu-west-1',
    apiUrl: API,
    wsUrl: 'ws://ws.test',
    userPoolId: 'p',
    userPoolClientId: 'c',
  });
}

/** A JSON answer; no body when `body` is undefined. */
export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export type Route = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/** Rejects as fetch does once `signal` aborts (an answer still on its way is never delivered). */
function untilAborted(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    const abort = () =>
      reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * A fetch stub answering from a list of routes (first match wins; unmatched calls answer 404). Like
 * fetch, it rejects when the request's signal aborts, also while a route's answer is pending.
 */
export function stubFetch(...routes: Route[]) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const answer = async () => {
      for (const route of routes) {
        const found = await route(url, init);
        if (found) return found;
      }
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    };
    return init.signal ? Promise.race([answer(), untilAborted(init.signal)]) : answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A route for one method and exact API path (below /v2). */
export const on =
  (
    method: string,
    path: string,
    answer: (url: URL, init: RequestInit) => Response | Promise<Response>,
  ): Route =>
  (url, init) =>
    (init.method ?? 'GET') === method && url.pathname === `/v2${path}` ? answer(url, init) : undefined;

/** The calls of a {@link stubFetch} mock to one method and API path (below /v2). */
export const callsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(input), init: init ?? {} }))
    .filter(({ url, init }) => (init.method ?? 'GET') === method && url.pathname === `/v2${path}`);

/**
 * A fetch mock answering by "METHOD /path" (path without /v2 and query); unknown calls answer 404.
 * Unlike {@link stubFetch} it does not install itself: the caller stubs `fetch` with it.
 */
export function routeFetch(
  routes: Record<string, (url: URL, init?: RequestInit) => Response | Promise<Response>>,
) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/v2/, '')}`;
    const handler = routes[key];
    return handler ? handler(url, init) : json(404, { message: `no route ${key}` });
  });
}
