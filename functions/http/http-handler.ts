import { randomUUID } from 'node:crypto';
import type { User } from '@shared/schemas/user';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { authenticate, findCaller } from '../core/users/authenticate';
import { putErrorReport } from '../data/error-reports';
import { AppError } from '../lib/errors';
import {
  type AnySchema,
  errorResponse,
  type Out,
  parseInput,
  readJsonBody,
  routeOf,
  toResponse,
} from '../lib/http';
import { claimsOf, type Identity, identityFromClaims } from '../lib/identity';
import { appendLogKeys, logger } from '../lib/observability';

export { type HttpResult, respond } from '../lib/http';

export interface PublicRequest<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  event: APIGatewayProxyEventV2;
}

/** `auth: 'identity'`: a verified token, but the caller may be unknown or inactive (access requests). */
export interface IdentifiedRequest<B, Q, P> extends PublicRequest<B, Q, P> {
  identity: Identity;
  /** The caller's user record, active or not; undefined when the user is unknown. */
  user: User | undefined;
}

export interface AuthedRequest<B, Q, P, F = undefined> extends PublicRequest<B, Q, P> {
  identity: Identity;
  /** The active user record of the caller (unknown or inactive users never get here: 403). */
  user: User;
  /** What `prefetch` read while the caller was being looked up. */
  prefetched: F;
}

interface BaseDef<B, Q, P> {
  body?: B;
  query?: Q;
  params?: P;
}

export interface PublicDef<B, Q, P> extends BaseDef<B, Q, P> {
  auth: 'public';
  handle: (req: PublicRequest<Out<B>, Out<Q>, Out<P>>) => Promise<unknown>;
}

export interface IdentifiedDef<B, Q, P> extends BaseDef<B, Q, P> {
  auth: 'identity';
  handle: (req: IdentifiedRequest<Out<B>, Out<Q>, Out<P>>) => Promise<unknown>;
}

export interface AuthedDef<B, Q, P, F = undefined> extends BaseDef<B, Q, P> {
  auth?: 'jwt';
  /**
   * A read that does not depend on who calls (the entry named in the path...), started together with
   * the caller's lookup so that the two round trips overlap. It must not write anything and its
   * result reaches only `handle`, which still authorizes: a refused caller never sees it.
   */
  prefetch?: (req: { params: Out<P>; query: Out<Q> }) => Promise<F>;
  /** Kept from the former caller cache: every call now reads the caller fresh (authenticate.ts). */
  freshCaller?: boolean;
  handle: (req: AuthedRequest<Out<B>, Out<Q>, Out<P>, F>) => Promise<unknown>;
}

export type HttpHandler = ((
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>) & {
  /**
   * The schemas every request of the route parses (body, query, path). In a Lambda bundle they are built
   * at their first use (functions/lib/lazy-schema.ts); `npm run bench:bundles` builds them as part of a
   * route's first dispatch so that its figure covers them.
   */
  readonly inputSchemas?: readonly AnySchema[];
  /**
   * The same schemas by where they apply. shared/api/schemas.ts must name the very same ones for the
   * route (functions/http/api-contract.test.ts), so the OpenAPI document says what the handler accepts.
   */
  readonly input?: HandlerInput;
};

export interface HandlerInput {
  readonly body?: AnySchema;
  readonly query?: AnySchema;
  readonly params?: AnySchema;
}

/**
 * Wraps one operation as a Lambda handler for the HTTP API (payload 2.0):
 * parses and validates body, query and path parameters with the shared zod schemas, authenticates the
 * caller for `jwt` routes, runs the operation and maps every error to `{ message, code, reportId? }`
 * (lib/http.ts); an unexpected error is also stored under its report id (error-reports.ts).
 */
export function httpHandler<
  B extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
  F = undefined,
>(def: PublicDef<B, Q, P> | IdentifiedDef<B, Q, P> | AuthedDef<B, Q, P, F>): HttpHandler {
  const run = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const body = parseInput(def.body, readJsonBody(event), 'body');
    const query = parseInput(def.query, event.queryStringParameters ?? {}, 'query');
    const params = parseInput(def.params, event.pathParameters ?? {}, 'path');
    let result: unknown;
    if (def.auth === 'public') {
      result = await def.handle({ body, query, params, event } as PublicRequest<Out<B>, Out<Q>, Out<P>>);
    } else if (def.auth === 'identity') {
      const identity = identityFromClaims(claimsOf(event));
      appendLogKeys({ userId: identity.userId });
      const user = await findCaller(identity);
      result = await def.handle({ body, query, params, event, identity, user } as IdentifiedRequest<
        Out<B>,
        Out<Q>,
        Out<P>
      >);
    } else {
      const identity = identityFromClaims(claimsOf(event));
      // Before the lookup, so that a refused or failed lookup is logged with who asked.
      appendLogKeys({ userId: identity.userId });
      const prefetching = def.prefetch?.({ params: params as Out<P>, query: query as Out<Q> });
      // A refused caller leaves the prefetch unread: keep its failure from becoming unhandled.
      prefetching?.catch(() => undefined);
      const user = await authenticate(identity, { fresh: def.freshCaller === true });
      const prefetched = (prefetching ? await prefetching : undefined) as F;
      result = await def.handle({ body, query, params, event, identity, user, prefetched } as AuthedRequest<
        Out<B>,
        Out<Q>,
        Out<P>,
        F
      >);
    }
    return toResponse(result);
  };
  const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      return await run(event);
    } catch (error) {
      const route = routeOf(event);
      // Client errors answer as they are; every server fault (unexpected, or a domain 5xx such as a
      // failed mail) is stored under the report id its answer carries.
      if (error instanceof AppError && error.statusCode < 500) return errorResponse(error, { route });
      const reportId = randomUUID();
      storeErrorReport(reportId, error, route);
      const response = errorResponse(error, { route, reportId });
      await flushErrorReports();
      return response;
    }
  };
  const declared: (AnySchema | undefined)[] = [def.body, def.query, def.params];
  const inputSchemas = declared.filter((s): s is AnySchema => s !== undefined);
  const input: HandlerInput = { body: def.body, query: def.query, params: def.params };
  return Object.assign(handler, { inputSchemas, input });
}

/** Error reports being written; a handler waits for them (bounded) before it returns. */
const pendingReports = new Set<Promise<void>>();
const REPORT_WRITE_WAIT_MS = 1500;

/**
 * Stores an unexpected error under its report id so that an incident filed with that id can carry
 * the server-side stack. Best effort: a failed write is logged and never changes the response.
 */
function storeErrorReport(reportId: string, error: unknown, route: string | undefined): void {
  const report = {
    reportId,
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    ...(route ? { route } : {}),
    time: new Date().toISOString(),
  };
  let pending: Promise<void>;
  try {
    pending = putErrorReport(report).catch((e: unknown) => {
      logger.warn('Could not store the error report', { reportId, error: e });
    });
  } catch (e) {
    logger.warn('Could not store the error report', { reportId, error: e });
    return;
  }
  const tracked = pending.finally(() => pendingReports.delete(tracked));
  pendingReports.add(tracked);
}

/** Waits (at most 1.5 s) for the error reports being stored. Never throws. */
export async function flushErrorReports(): Promise<void> {
  if (pendingReports.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REPORT_WRITE_WAIT_MS);
  });
  await Promise.race([Promise.allSettled([...pendingReports]), timeout]);
  clearTimeout(timer);
}
