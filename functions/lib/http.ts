import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import { MAX_JSON_BODY_BYTES } from '@shared/api/routes';
import { ERROR_CODES, type ErrorBody } from '@shared/schemas/error';
import type { User } from '@shared/schemas/user';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { authenticate, findCaller } from '../core/users/authenticate';
import { putErrorReport } from '../data/error-reports';
import { AppError, BadRequestError, PayloadTooLargeError, ValidationError } from './errors';
import { claimsOf, type Identity, identityFromClaims } from './identity';
import { logger } from './logger';

/** A handler may return a plain value (200 JSON, or 204 when undefined) or an explicit result. */
export interface HttpResult {
  readonly __http: true;
  readonly statusCode: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export function respond(statusCode: number, body?: unknown, headers?: Record<string, string>): HttpResult {
  return { __http: true, statusCode, body, headers };
}

type AnySchema = z.ZodType;
type Out<S> = S extends AnySchema ? z.output<S> : undefined;

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
  /** Read the caller's record even when a recent copy is cached (authenticate.ts, CALLER_CACHE_MS). */
  freshCaller?: boolean;
  handle: (req: AuthedRequest<Out<B>, Out<Q>, Out<P>, F>) => Promise<unknown>;
}

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Wraps one operation as a Lambda handler for the HTTP API (payload 2.0):
 * parses and validates body, query and path parameters with the shared zod schemas, authenticates the
 * caller for `jwt` routes, runs the operation and maps every error to `{ message, code, reportId? }`.
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
      const user = await findCaller(identity);
      result = await def.handle({ body, query, params, event, identity, user } as IdentifiedRequest<
        Out<B>,
        Out<Q>,
        Out<P>
      >);
    } else {
      const identity = identityFromClaims(claimsOf(event));
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
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>().handler(async (event) => {
    try {
      return await run(event);
    } catch (error) {
      const response = errorResponse(error, { route: routeOf(event) });
      await flushErrorReports();
      return response;
    }
  }) as unknown as HttpHandler;
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > MAX_JSON_BODY_BYTES) {
    throw new PayloadTooLargeError(`The request body is larger than ${MAX_JSON_BODY_BYTES} bytes.`);
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequestError('The request body is not valid JSON.');
  }
}

function parseInput<S extends AnySchema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({
      path: [where, ...i.path.map(String)].join('.'),
      message: i.message,
    }));
    const first = issues[0];
    throw new ValidationError(first ? `${first.message} (${first.path})` : `Invalid ${where}`, issues);
  }
  return result.data as Out<S>;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function toResponse(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (isHttpResult(result)) {
    const headers = { ...JSON_HEADERS, ...result.headers };
    if (result.body === undefined) return { statusCode: result.statusCode, headers };
    const body =
      typeof result.body === 'string' && !headers['content-type'].startsWith('application/json')
        ? result.body
        : JSON.stringify(result.body);
    return { statusCode: result.statusCode, headers, body };
  }
  if (result === undefined) return { statusCode: 204, headers: JSON_HEADERS };
  return { statusCode: 200, headers: JSON_HEADERS, body: JSON.stringify(result) };
}

function isHttpResult(value: unknown): value is HttpResult {
  return typeof value === 'object' && value !== null && (value as HttpResult).__http === true;
}

function routeOf(event: APIGatewayProxyEventV2): string | undefined {
  if (event.routeKey && event.routeKey !== '$default') return event.routeKey;
  const method = event.requestContext?.http?.method;
  return method ? `${method} ${event.rawPath ?? ''}` : undefined;
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

/** Waits (at most 1.5 s) for error reports started by `errorResponse`. Never throws. */
export async function flushErrorReports(): Promise<void> {
  if (pendingReports.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REPORT_WRITE_WAIT_MS);
  });
  await Promise.race([Promise.allSettled([...pendingReports]), timeout]);
  clearTimeout(timer);
}

/**
 * The one place where errors become HTTP answers. Stacks go to the log (and, for unexpected errors,
 * to the ERRORREPORT item of the report id), never to the client.
 */
export function errorResponse(
  error: unknown,
  context: { route?: string } = {},
): APIGatewayProxyStructuredResultV2 {
  if (error instanceof AppError) {
    const body: ErrorBody = {
      message: error.message,
      code: error.code,
      ...(error.issues ? { issues: error.issues } : {}),
    };
    if (error.statusCode >= 500) logger.error('Request failed', { error });
    return { statusCode: error.statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
  }
  const reportId = randomUUID();
  logger.error('Unexpected error', {
    reportId,
    route: context.route,
    error:
      error instanceof Error
        ? { name: error.name, message: error.message, stack: error.stack }
        : String(error),
  });
  storeErrorReport(reportId, error, context.route);
  const body: ErrorBody = { message: 'An unexpected error occurred.', code: ERROR_CODES.internal, reportId };
  return { statusCode: 500, headers: JSON_HEADERS, body: JSON.stringify(body) };
}
