import { randomBytes, randomUUID } from 'node:crypto';
import type { HttpRoute } from '@shared/api/routes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * Pure translation between HTTP and API Gateway's Lambda formats (HTTP API payload 2.0 and the
 * WebSocket API events). Kept free of I/O so it can be unit-tested against the documented shapes.
 */
export const LOCAL_API_ID = 'local';
export const LOCAL_ACCOUNT_ID = '000000000000';

export interface CompiledRoute<R extends HttpRoute = HttpRoute> {
  route: R;
  routeKey: string;
  regex: RegExp;
  paramNames: string[];
}

/** `{name}` matches one segment, `{name+}` the rest of the path (API Gateway's greedy parameter). */
export function compileRoutes<R extends HttpRoute>(routes: readonly R[]): CompiledRoute<R>[] {
  return routes.map((route) => {
    const paramNames: string[] = [];
    const pattern = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{([^}]+?)(\+?)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        paramNames.push(param[1] as string);
        return param[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    return {
      route,
      routeKey: `${route.method} ${route.path}`,
      regex: new RegExp(`^${pattern}$`),
      paramNames,
    };
  });
}

export function matchRoute<R extends HttpRoute>(
  routes: CompiledRoute<R>[],
  method: string,
  path: string,
): { compiled: CompiledRoute<R>; pathParameters: Record<string, string> } | undefined {
  // API Gateway prefers the most specific route: literal paths win over parameterised ones.
  let best: { compiled: CompiledRoute<R>; pathParameters: Record<string, string> } | undefined;
  for (const compiled of routes) {
    if (compiled.route.method !== method) continue;
    const m = compiled.regex.exec(path);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    compiled.paramNames.forEach((name, i) => {
      pathParameters[name] = safeDecode(m[i + 1] ?? '');
    });
    if (!best || compiled.paramNames.length < best.compiled.paramNames.length)
      best = { compiled, pathParameters };
  }
  return best;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** API Gateway's JWT authorizer hands claims over as strings; arrays become "[a b]". */
export function claimsAsApiGateway(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) claims[key] = `[${value.join(' ')}]`;
    else if (typeof value === 'object') claims[key] = JSON.stringify(value);
    else claims[key] = String(value);
  }
  return claims;
}

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    [
      'application/json',
      'application/xml',
      'application/javascript',
      'application/x-www-form-urlencoded',
    ].includes(type)
  );
}

export interface IncomingHttp {
  method: string;
  /** The request target as sent: path and query string. */
  url: string;
  /** Raw header pairs as Node gives them (`req.rawHeaders`). */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
  host: string;
}

export function requestId(): string {
  return `${randomBytes(6).toString('base64url')}=`;
}

export function buildHttpEvent(
  input: IncomingHttp,
  match: { routeKey: string; pathParameters?: Record<string, string> },
  claims?: Record<string, string>,
): APIGatewayProxyEventV2 {
  const queryIndex = input.url.indexOf('?');
  const rawPath = queryIndex === -1 ? input.url : input.url.slice(0, queryIndex);
  const rawQueryString = queryIndex === -1 ? '' : input.url.slice(queryIndex + 1);

  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i + 1 < input.rawHeaders.length; i += 2) {
    const name = (input.rawHeaders[i] as string).toLowerCase();
    const value = input.rawHeaders[i + 1] as string;
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }

  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    query[key] = query[key] === undefined ? value : `${query[key]},${value}`;
  }

  const now = new Date();
  const id = requestId();
  const hasBody = input.body.byteLength > 0;
  const text = isTextContentType(headers['content-type']);
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(match.pathParameters && Object.keys(match.pathParameters).length
      ? { pathParameters: match.pathParameters }
      : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      domainName: input.host,
      domainPrefix: input.host.split('.')[0] ?? input.host,
      http: {
        method: input.method,
        path: safeDecode(rawPath),
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: id,
      routeKey: match.routeKey,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: hasBody && !text,
    ...(hasBody ? { body: text ? input.body.toString('utf8') : input.body.toString('base64') } : {}),
  };
  return event;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's CLF-like request time: `12/Mar/2020:19:03:58 +0000`. */
export function formatRequestTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())} +0000`;
}

export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/**
 * Turns a handler's result into the HTTP answer the way API Gateway does for payload 2.0: a result
 * with `statusCode` is used as is; anything else is a 200 with the value serialised as JSON.
 */
export function toHttpAnswer(result: unknown): HttpAnswer {
  if (isStructured(result)) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
    const raw = result.body ?? '';
    const body = result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
    if (body.byteLength > 0 && !headers['content-type']) headers['content-type'] = 'application/json';
    return { statusCode: result.statusCode as number, headers, cookies: result.cookies ?? [], body };
  }
  const body = result === undefined ? '' : typeof result === 'string' ? result : JSON.stringify(result);
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(body, 'utf8'),
  };
}

function isStructured(value: unknown): value is APIGatewayProxyStructuredResultV2 {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { statusCode?: unknown }).statusCode === 'number'
  );
}

export function jsonAnswer(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpAnswer {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    cookies: [],
    body: Buffer.from(JSON.stringify(body), 'utf8'),
  };
}

/* ---------- WebSocket API events ---------- */

export interface WsConnectionInfo {
  connectionId: string;
  connectedAt: number;
  sourceIp: string;
  userAgent: string;
  domainName: string;
}

export function newConnectionId(): string {
  // Real ids look like 'L0SM9cOFvHcCIhw=' and never need URL-escaping in the @connections path.
  return `${randomBytes(11).toString('base64url')}=`;
}

function wsRequestContext(
  conn: WsConnectionInfo,
  routeKey: string,
  eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
  extra: Record<string, unknown> = {},
) {
  const now = new Date();
  const id = requestId();
  return {
    routeKey,
    eventType,
    extendedRequestId: id,
    requestTime: formatRequestTime(now),
    messageDirection: 'IN',
    stage: 'local',
    connectedAt: conn.connectedAt,
    requestTimeEpoch: now.getTime(),
    identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
    requestId: id,
    domainName: conn.domainName,
    connectionId: conn.connectionId,
    apiId: LOCAL_API_ID,
    ...extra,
  };
}

/** WebSocket APIs keep the original header case and also give multi-value maps. */
function wsHeaders(rawHeaders: string[]) {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    const value = rawHeaders[i + 1] as string;
    headers[name] = value;
    multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), value];
  }
  return { headers, multiValueHeaders };
}

export function buildWsConnectEvent(conn: WsConnectionInfo, url: string, rawHeaders: string[]) {
  const queryIndex = url.indexOf('?');
  const params = new URLSearchParams(queryIndex === -1 ? '' : url.slice(queryIndex + 1));
  const queryStringParameters: Record<string, string> = {};
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  for (const [key, value] of params) {
    queryStringParameters[key] = value;
    multiValueQueryStringParameters[key] = [...(multiValueQueryStringParameters[key] ?? []), value];
  }
  const hasQuery = Object.keys(queryStringParameters).length > 0;
  return {
    ...wsHeaders(rawHeaders),
    ...(hasQuery ? { queryStringParameters, multiValueQueryStringParameters } : {}),
    requestContext: wsRequestContext(conn, '$connect', 'CONNECT'),
    isBase64Encoded: false,
  };
}

export function buildWsMessageEvent(conn: WsConnectionInfo, data: Buffer, isBinary: boolean) {
  return {
    requestContext: wsRequestContext(conn, '$default', 'MESSAGE', { messageId: `${randomUUID()}` }),
    body: isBinary ? data.toString('base64') : data.toString('utf8'),
    isBase64Encoded: isBinary,
  };
}

export function buildWsDisconnectEvent(conn: WsConnectionInfo, code: number, reason: string) {
  return {
    headers: { Host: conn.domainName },
    multiValueHeaders: { Host: [conn.domainName] },
    requestContext: wsRequestContext(conn, '$disconnect', 'DISCONNECT', {
      disconnectStatusCode: code,
      disconnectReason: reason,
    }),
    isBase64Encoded: false,
  };
}
