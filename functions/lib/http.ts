import { randomUUID } from 'node:crypto';
import { MAX_JSON_BODY_BYTES } from '@shared/api/routes';
import { ERROR_CODES, type ErrorBody } from '@shared/schemas/error';
import { INPUT_ERROR_MAP } from '@shared/schemas/input';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';
import { logger } from './observability';

/**
 * The HTTP API's request and answer shapes (payload 2.0), without I/O: what functions/http's
 * httpHandler uses to parse a request, shape its answer and turn errors into answers.
 */

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

export type AnySchema = z.ZodMiniType;
export type Out<S> = S extends AnySchema ? z.output<S> : undefined;

/** `application/json` or a `+json` type, with or without parameters (charset). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export const UNSUPPORTED_BODY_MESSAGE =
  'The request body must be JSON sent with the header Content-Type: application/json.';

/**
 * The request's JSON body (undefined when there is none); 415 when it is not sent as JSON (a form or
 * text/plain: a browser sends those cross-site without a preflight), 413 over the limit, 400 when not
 * JSON.
 */
export function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  if (!JSON_MEDIA_TYPE.test(headerOf(event, 'content-type') ?? '')) {
    throw new UnsupportedMediaTypeError(UNSUPPORTED_BODY_MESSAGE);
  }
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

/** A request header; payload 2.0 lower-cases names, a hand-made event may not. */
function headerOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Validates one part of the request (`where`: body, query or path) with its shared zod schema. */
export function parseInput<S extends AnySchema | undefined>(
  schema: S,
  value: unknown,
  where: string,
): Out<S> {
  if (!schema) return undefined as Out<S>;
  // The shared error map words every problem (field and what is allowed), whatever the schema.
  const result = schema.safeParse(value, { error: INPUT_ERROR_MAP });
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({
      path: [where, ...i.path.map(String)].join('.'),
      // The map names fields; the part itself missing (no body at all) is said in words.
      message: i.path.length === 0 && value === undefined ? `This request needs a JSON ${where}.` : i.message,
    }));
    const first = issues[0];
    throw new ValidationError(first ? `${first.message} (${first.path})` : `Invalid ${where}`, issues);
  }
  return result.data as Out<S>;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** What an operation returned, as the HTTP API's answer. */
export function toResponse(result: unknown): APIGatewayProxyStructuredResultV2 {
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

/** The route of a request for logs and error reports: its route key, else method and path. */
export function routeOf(event: APIGatewayProxyEventV2): string | undefined {
  if (event.routeKey && event.routeKey !== '$default') return event.routeKey;
  const method = event.requestContext?.http?.method;
  return method ? `${method} ${event.rawPath ?? ''}` : undefined;
}

/**
 * The one place where errors become HTTP answers: domain errors (AppError) with their status and code;
 * anything else a generic 500. Every 5xx answer (a domain error such as a failed mail, 502, too) carries
 * `reportId` (a new one unless given), under which the log line (and the stored report, http-handler.ts)
 * can be found. Stacks go to the log, never to the client.
 */
export function errorResponse(
  error: unknown,
  context: { route?: string; reportId?: string } = {},
): APIGatewayProxyStructuredResultV2 {
  if (error instanceof AppError) {
    const serverFault = error.statusCode >= 500;
    const reportId = serverFault ? (context.reportId ?? randomUUID()) : undefined;
    const body: ErrorBody = {
      message: error.message,
      code: error.code,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(reportId ? { reportId } : {}),
    };
    if (serverFault) logger.error('Request failed', { reportId, route: context.route, error });
    return { statusCode: error.statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
  }
  const reportId = context.reportId ?? randomUUID();
  logger.error('Unexpected error', {
    reportId,
    route: context.route,
    error:
      error instanceof Error
        ? { name: error.name, message: error.message, stack: error.stack }
        : String(error),
  });
  const body: ErrorBody = { message: 'An unexpected error occurred.', code: ERROR_CODES.internal, reportId };
  return { statusCode: 500, headers: JSON_HEADERS, body: JSON.stringify(body) };
}
