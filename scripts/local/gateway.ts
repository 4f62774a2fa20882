import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { type AreaName, CORS, HTTP_ROUTES, UNMATCHED_ROUTE, WS_AREA } from '@shared/api/routes';
import { type WebSocket, WebSocketServer } from 'ws';
import * as z from 'zod/mini';
import {
  buildHttpEvent,
  buildWsConnectEvent,
  buildWsDisconnectEvent,
  buildWsMessageEvent,
  claimsAsApiGateway,
  compileRoutes,
  type HttpAnswer,
  jsonAnswer,
  matchRoute,
  newConnectionId,
  toHttpAnswer,
  type WsConnectionInfo,
} from './api-gateway-events';
import { invokeArea } from './area-workers';
import { createJwtAuthorizer } from './jwt-authorizer';
import { INVOKE_PATH, invokeFunction } from './lambda-api';

/**
 * The local API Gateway: a thin adapter, not a second backend. It turns HTTP requests into HTTP API
 * payload-2.0 events and WebSocket traffic into WebSocket API events, and invokes the route's area as
 * API Gateway invokes its function (scripts/local/area-workers.ts: one worker per area, the same
 * dispatcher and handler modules as in Lambda). Its only state is the socket map, as in API Gateway.
 * It also stands in for two AWS APIs the functions call: the WebSocket stage's `@connections` and
 * Lambda's Invoke (scripts/local/lambda-api.ts), both at LAMBDA_ENDPOINT / WS_CALLBACK_URL = its URL.
 */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  host: string;
  apiPort: number;
  wsPort: number;
  issuer: string;
  jwksUrl: string;
  audience: string;
  /** Origins that get CORS headers (the web app). */
  allowOrigins: string[];
  outboxDir: string;
  /** Where the web app's usage-analytics events go locally (JSON lines; CloudWatch RUM in AWS). */
  analyticsFile: string;
  log: (line: string) => void;
}

export interface Gateway {
  stop(): Promise<void>;
}

interface Connection extends WsConnectionInfo {
  socket: WebSocket;
  lastActiveAt: number;
}

const CONNECTIONS_PATH = /^(?:\/[^/@]+)?\/@connections\/([^/?]+)$/;
const OUTBOX_PATH = /^\/__local\/outbox(?:\/([A-Za-z0-9._-]+))?\/?$/;
const ANALYTICS_PATH = /^\/__local\/analytics\/?$/;

/**
 * One usage-analytics event as the web app sends it locally (web/src/lib/analytics.ts): what RUM's
 * recordEvent takes in AWS, a namespaced type and flat attributes (ids and the hashed user only).
 */
const AnalyticsEventSchema = z.strictObject({
  type: z.string().check(z.regex(/^[a-z0-9._-]{1,100}$/)),
  data: z
    .record(
      z.string().check(z.maxLength(40)),
      z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean()]),
    )
    .check(z.refine((data) => Object.keys(data).length <= 20, 'at most 20 attributes')),
});

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const routes = compileRoutes(HTTP_ROUTES);
  const authorize = createJwtAuthorizer(options);
  const connections = new Map<string, Connection>();

  /* ---------- HTTP API ---------- */

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const origin = req.headers.origin;
    const corsOrigin = origin && options.allowOrigins.includes(origin) ? origin : undefined;

    if (body === 'too-large') {
      return send(res, withCors(jsonAnswer(413, { message: 'Request Entity Too Large' }), corsOrigin));
    }

    // Preflight is answered by API Gateway itself and never reaches a handler.
    if (method === 'OPTIONS' && origin && req.headers['access-control-request-method']) {
      return send(res, preflight(corsOrigin));
    }

    const connection = CONNECTIONS_PATH.exec(path);
    if (connection)
      return send(res, manageConnection(method, decodeURIComponent(connection[1] as string), body));

    // Lambda's Invoke API, for the jobs our functions start (scripts/local/lambda-api.ts).
    const invocation = INVOKE_PATH.exec(path);
    if (invocation) {
      const invocationType = req.headers['x-amz-invocation-type'];
      const request = {
        method,
        functionName: invocation[1] as string,
        invocationType: Array.isArray(invocationType) ? invocationType[0] : invocationType,
        body,
      };
      return send(res, await invokeFunction(request, invokeArea, options.log));
    }

    const outbox = OUTBOX_PATH.exec(path);
    // The web app's /local/outbox page reads it cross-origin, as it reads the API.
    if (outbox && method === 'GET')
      return send(res, withCors(outboxAnswer(outbox[1], req.headers.accept), corsOrigin));

    // Usage analytics (issue 20 §8): in AWS the browser sends them to CloudWatch RUM; locally they go
    // into the cloud's log and a JSON-lines file next to it, which is all a developer needs to see them.
    if (ANALYTICS_PATH.test(path) && method === 'POST') {
      return send(res, withCors(recordAnalyticsEvent(body), corsOrigin));
    }

    const host = req.headers.host ?? `${options.host}:${options.apiPort}`;
    const incoming = { method, url, rawHeaders: req.rawHeaders, body, sourceIp: sourceIp(req), host };
    const match = matchRoute(routes, method, path);
    let area: AreaName = UNMATCHED_ROUTE.area;
    let event: ReturnType<typeof buildHttpEvent>;
    if (match) {
      area = match.compiled.route.area;
      let claims: Record<string, string> | undefined;
      if (match.compiled.route.auth === 'jwt') {
        const payload = await authorize(req.headers.authorization);
        if (!payload) {
          return send(
            res,
            withCors(
              jsonAnswer(401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' }),
              corsOrigin,
            ),
          );
        }
        claims = claimsAsApiGateway(payload);
      }
      event = buildHttpEvent(
        incoming,
        { routeKey: match.compiled.routeKey, pathParameters: match.pathParameters },
        claims,
      );
    } else {
      event = buildHttpEvent(incoming, { routeKey: '$default' });
    }

    let answer: HttpAnswer;
    try {
      answer = toHttpAnswer(await invokeArea(area, event));
    } catch (error) {
      // What API Gateway answers when the integration fails; the details stay in the log.
      options.log(
        `${event.routeKey} (${area}) failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      answer = jsonAnswer(500, { message: 'Internal Server Error' });
    }
    return send(res, withCors(answer, corsOrigin));
  }

  function preflight(corsOrigin: string | undefined): HttpAnswer {
    const headers: Record<string, string> = {};
    if (corsOrigin) {
      headers['access-control-allow-origin'] = corsOrigin;
      headers['access-control-allow-methods'] = CORS.allowMethods.join(',');
      headers['access-control-allow-headers'] = CORS.allowHeaders.join(',');
      headers['access-control-max-age'] = String(CORS.maxAgeSeconds);
      headers.vary = 'origin';
    }
    return { statusCode: 204, headers, cookies: [], body: Buffer.alloc(0) };
  }

  function withCors(answer: HttpAnswer, corsOrigin: string | undefined): HttpAnswer {
    if (!corsOrigin) return answer;
    return {
      ...answer,
      headers: {
        ...answer.headers,
        'access-control-allow-origin': corsOrigin,
        'access-control-expose-headers': CORS.exposeHeaders.join(','),
        vary: 'origin',
      },
    };
  }

  /* ---------- @connections (ApiGatewayManagementApi) ---------- */

  function manageConnection(method: string, connectionId: string, body: Buffer): HttpAnswer {
    const conn = connections.get(connectionId);
    if (!conn || conn.socket.readyState !== conn.socket.OPEN) {
      return jsonAnswer(410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
    }
    if (method === 'POST') {
      conn.socket.send(body.toString('utf8'));
      return { statusCode: 200, headers: {}, cookies: [], body: Buffer.alloc(0) };
    }
    if (method === 'GET') {
      return jsonAnswer(200, {
        // The REST-JSON wire names (the SDK maps them to ConnectedAt, Identity...).
        connectedAt: new Date(conn.connectedAt).toISOString(),
        identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
        lastActiveAt: new Date(conn.lastActiveAt).toISOString(),
      });
    }
    if (method === 'DELETE') {
      conn.socket.close(1000, 'Going away');
      return { statusCode: 204, headers: {}, cookies: [], body: Buffer.alloc(0) };
    }
    return jsonAnswer(405, { message: 'Method Not Allowed' });
  }

  /* ---------- local SES outbox ---------- */

  function recordAnalyticsEvent(body: Buffer): HttpAnswer {
    let parsed: ReturnType<typeof AnalyticsEventSchema.safeParse>;
    try {
      parsed = AnalyticsEventSchema.safeParse(JSON.parse(body.toString()));
    } catch {
      return jsonAnswer(400, { message: 'The analytics event is not JSON.' });
    }
    if (!parsed.success) return jsonAnswer(400, { message: 'The analytics event is not one the app sends.' });
    const event = { at: new Date().toISOString(), ...parsed.data };
    appendFileSync(options.analyticsFile, `${JSON.stringify(event)}\n`);
    options.log(`analytics ${event.type} ${JSON.stringify(event.data)}`);
    return { statusCode: 204, headers: {}, cookies: [], body: Buffer.alloc(0) };
  }

  function outboxAnswer(id: string | undefined, accept: string | undefined): HttpAnswer {
    const dir = options.outboxDir;
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => ({
            id: f.slice(0, -'.json'.length),
            file: join(dir, f),
            mtime: statSync(join(dir, f)).mtimeMs,
          }))
          .sort((a, b) => b.mtime - a.mtime || b.id.localeCompare(a.id))
      : [];
    const read = (f: { id: string; file: string; mtime: number }) => ({
      id: f.id,
      receivedAt: new Date(f.mtime).toISOString(),
      ...(JSON.parse(readFileSync(f.file, 'utf8')) as Record<string, unknown>),
    });
    if (id !== undefined) {
      const found = files.find((f) => f.id === id);
      return found ? jsonAnswer(200, read(found)) : jsonAnswer(404, { message: 'Not Found' });
    }
    const messages = files.map(read);
    if (accept?.includes('text/html')) {
      return {
        statusCode: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        cookies: [],
        body: Buffer.from(outboxHtml(messages)),
      };
    }
    return jsonAnswer(200, { messages });
  }

  /* ---------- WebSocket API ---------- */

  const wss = new WebSocketServer({ noServer: true });

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const conn: WsConnectionInfo = {
      connectionId: newConnectionId(),
      connectedAt: Date.now(),
      sourceIp: sourceIp(req),
      userAgent: req.headers['user-agent'] ?? '',
      domainName: req.headers.host ?? `${options.host}:${options.wsPort}`,
    };
    let status: number;
    try {
      const result = await invokeArea(WS_AREA, buildWsConnectEvent(conn, req.url ?? '/', req.rawHeaders));
      status =
        typeof result === 'object' && result !== null && 'statusCode' in result
          ? Number(result.statusCode)
          : 200;
    } catch (error) {
      options.log(
        `$connect failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      status = 500;
    }
    if (status < 200 || status > 299) {
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const entry: Connection = { ...conn, socket: ws, lastActiveAt: Date.now() };
      connections.set(conn.connectionId, entry);
      ws.on('message', (data, isBinary) => {
        entry.lastActiveAt = Date.now();
        const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        invokeArea(WS_AREA, buildWsMessageEvent(conn, buffer, isBinary)).catch((error: unknown) =>
          options.log(`$default failed: ${String(error)}`),
        );
      });
      ws.on('close', (code, reason) => {
        connections.delete(conn.connectionId);
        invokeArea(WS_AREA, buildWsDisconnectEvent(conn, code, reason.toString())).catch((error: unknown) =>
          options.log(`$disconnect failed: ${String(error)}`),
        );
      });
    });
  }

  /* ---------- servers ---------- */

  const api = createServer((req, res) => {
    handleHttp(req, res).catch((error: unknown) => {
      options.log(
        `gateway error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) send(res, jsonAnswer(500, { message: 'Internal Server Error' }));
    });
  });
  const ws = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('This endpoint speaks WebSocket only.');
  });
  ws.on('upgrade', (req, socket, head) => {
    handleUpgrade(req, socket, head).catch(() => socket.destroy());
  });

  await Promise.all([listen(api, options.apiPort, options.host), listen(ws, options.wsPort, options.host)]);

  return {
    async stop() {
      for (const conn of connections.values()) conn.socket.terminate();
      wss.close();
      api.closeAllConnections();
      ws.closeAllConnections();
      await Promise.all([new Promise((r) => api.close(r)), new Promise((r) => ws.close(r))]);
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function sourceIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

/** Reads the body; past API Gateway's 10 MB limit the rest is drained and discarded (then 413). */
function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_REQUEST_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, answer: HttpAnswer): void {
  const headers: Record<string, string | string[]> = {
    ...answer.headers,
    'content-length': String(answer.body.byteLength),
  };
  if (answer.cookies.length) headers['set-cookie'] = answer.cookies;
  res.writeHead(answer.statusCode, headers);
  res.end(answer.body);
}

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function outboxHtml(messages: Record<string, unknown>[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.receivedAt)}</td><td>${escapeHtml(Array.isArray(m.to) ? m.to.join(', ') : m.to)}</td>` +
        `<td><a href="/__local/outbox/${encodeURIComponent(String(m.id))}">${escapeHtml(m.subject ?? m.id)}</a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<style>body{font-family:sans-serif;margin:2rem}td,th{padding:.3rem .8rem;text-align:left;border-bottom:1px solid #ddd}</style></head>
<body><h1>Local outbox</h1><p>E-mails the app would have sent through SES (local cloud only), newest first.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>
${rows || '<tr><td colspan="3">No e-mails yet.</td></tr>'}
</tbody></table></body></html>`;
}
