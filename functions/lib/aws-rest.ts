import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/transport';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import { env } from './env';

/**
 * Signed calls to the AWS APIs the handlers use: DynamoDB (functions/data/dynamodb.ts), S3 objects
 * (functions/data/file-objects.ts), SES mail and API Gateway's `@connections`. The handlers make a few
 * dozen kinds of plain HTTP request, and the generated SDK clients cost far more cold start than that:
 * DynamoDB's ~60 ms on this project's build machine, S3's ~30 ms, SES's and API Gateway's ~15 ms each.
 * This module makes the requests with the SDK's own SigV4 signer, node:http handler and credential
 * chain (env-only in the Lambda bundles, see lambda-credentials.ts; the full chain in the runner
 * container and locally). docs/deploy.md ("DynamoDB, S3, SES and @connections without SDK clients")
 * says what is covered by tests.
 */

export type AwsService = 'dynamodb' | 's3' | 'ses' | 'execute-api';
export type AwsBody = string | Uint8Array | Readable;

export interface AwsCall {
  service: AwsService;
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  /** Where to send it: an origin such as `https://email.us-east-1.amazonaws.com` (a path is ignored). */
  endpoint: string;
  /** Already percent-encoded, as sent (S3 keys: see encodeKeyPath). */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: AwsBody;
}

export interface AwsReply {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The response stream: read it (readText/readBytes), hand it on, or drain it. */
  body: Readable;
}

/** A non-2xx answer (or an S3 error inside a 200), with AWS's error code as `name`. */
export class AwsRequestError extends Error {
  constructor(
    readonly service: AwsService,
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    /** The JSON error document, for members beyond code and message (DynamoDB's CancellationReasons). */
    readonly document?: Record<string, unknown>,
  ) {
    super(message);
    this.name = code;
  }
}

/**
 * One handler for every call: keep-alive, and up to 256 sockets because one notification fans out to
 * every open connection of its recipients at once (hundreds of @connections calls).
 */
const MAX_SOCKETS = 256;
let httpHandler: NodeHttpHandler | undefined;
const handler = () => {
  httpHandler ??= new NodeHttpHandler({
    httpAgent: new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
    httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
    connectionTimeout: 5_000,
    // The SDK clients' default socket timeout.
    requestTimeout: 300_000,
  });
  return httpHandler;
};

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/**
 * Credentials are reused until 5 minutes before they expire (container and SSO credentials do). If
 * that early refresh fails, the old ones serve until they really expire.
 */
const REFRESH_BEFORE_MS = 5 * 60_000;
let provider: (() => Promise<Credentials>) | undefined;
let cached: Promise<Credentials> | undefined;
let cachedUntil = 0;

export function awsCredentials(): Promise<Credentials> {
  const now = Date.now();
  if (!cached || now >= cachedUntil) {
    provider ??= defaultProvider();
    const previous = cached;
    const loading = provider().catch(async (error: unknown) => {
      const old = await previous?.catch(() => undefined);
      if (old && (!old.expiration || old.expiration.getTime() > Date.now())) return old;
      throw error;
    });
    cached = loading;
    cachedUntil = Number.POSITIVE_INFINITY;
    loading.then(
      (c) => {
        if (cached === loading)
          cachedUntil = c.expiration ? c.expiration.getTime() - REFRESH_BEFORE_MS : Number.POSITIVE_INFINITY;
      },
      () => {
        // A failure is not kept: the next call asks again.
        if (cached === loading) cached = undefined;
      },
    );
  }
  return cached;
}

/** For tests that change the environment's credentials. */
export function forgetAwsCredentials(): void {
  cached = undefined;
  cachedUntil = 0;
  provider = undefined;
}

const signers = new Map<AwsService, SignatureV4>();
function signer(service: AwsService): SignatureV4 {
  let s = signers.get(service);
  if (!s) {
    s = new SignatureV4({
      service,
      region: env.region,
      credentials: awsCredentials,
      sha256: Sha256,
      // S3 signs the path as sent; the other services sign it encoded once more (SigV4's rule).
      uriEscapePath: service !== 's3',
      applyChecksum: false,
    });
    signers.set(service, s);
  }
  return s;
}

/** RFC 3986 encoding as SigV4 expects it (encodeURIComponent leaves !'()* alone). */
export function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An S3 key as a URL path: every segment encoded, the slashes kept. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(escapeUri).join('/');
}

function toRequest(call: AwsCall): HttpRequest {
  const origin = new URL(call.endpoint);
  const port = origin.port ? Number(origin.port) : undefined;
  const headers: Record<string, string> = {
    host: origin.host,
    ...call.headers,
  };
  const body = call.body;
  if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
  else if (body instanceof Uint8Array) headers['content-length'] = String(body.byteLength);
  return new HttpRequest({
    method: call.method,
    protocol: origin.protocol,
    hostname: origin.hostname,
    ...(port !== undefined ? { port } : {}),
    path: call.path,
    query: call.query ?? {},
    headers,
    body,
  });
}

const RETRIES = 2;
const RETRY_DELAYS_MS = [50, 250];
/** Throttling and transient server answers worth a second try, as the SDK's standard retry does. */
const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
/** DynamoDB (and others) answer throttling with a 400 and one of these codes. */
const RETRYABLE_CODES = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
]);

/**
 * Signs and sends one call. 2xx answers are returned with their body unread; others throw an
 * AwsRequestError after reading the error document. Calls whose body is not a stream are retried up
 * to twice on throttling, 5xx and network errors.
 */
export async function awsSend(call: AwsCall): Promise<AwsReply> {
  const replayable = !(call.body && typeof call.body === 'object' && 'pipe' in call.body);
  for (let attempt = 0; ; attempt++) {
    const canRetry = replayable && attempt < RETRIES;
    let reply: AwsReply;
    try {
      const signed = (await signer(call.service).sign(toRequest(call))) as HttpRequest;
      const { response } = await handler().handle(signed);
      reply = {
        status: response.statusCode,
        headers: lowerCaseHeaders(response.headers),
        body: response.body as Readable,
      };
    } catch (error) {
      if (canRetry && isNetworkError(error)) {
        await delay(RETRY_DELAYS_MS[attempt] ?? 250);
        continue;
      }
      throw error;
    }
    if (reply.status >= 200 && reply.status < 300) return reply;
    const failure = await errorFrom(call, reply);
    if (canRetry && (RETRYABLE_STATUS.has(reply.status) || RETRYABLE_CODES.has(failure.code))) {
      await delay(RETRY_DELAYS_MS[attempt] ?? 250);
      continue;
    }
    throw failure;
  }
}

/** A presigned URL (S3): the payload is unsigned, content-type is not signed, host and others are. */
export async function awsPresign(call: Omit<AwsCall, 'body'>, expiresInSeconds: number): Promise<string> {
  const request = toRequest(call);
  request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
  const presigned = (await signer(call.service).presign(request, {
    expiresIn: expiresInSeconds,
    unsignableHeaders: new Set(['content-type']),
  })) as HttpRequest;
  const origin = new URL(call.endpoint);
  const query = Object.entries(presigned.query)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => `${escapeUri(name)}=${escapeUri(String(v ?? ''))}`),
    )
    .join('&');
  return `${origin.protocol}//${origin.host}${presigned.path}${query ? `?${query}` : ''}`;
}

export async function readBytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export async function readText(body: Readable): Promise<string> {
  return (await readBytes(body)).toString('utf8');
}

/** Reads and drops a body nobody needs, so its keep-alive socket goes back to the pool. */
export async function drain(reply: AwsReply): Promise<void> {
  const body = reply.body;
  body.resume();
  // A body cut off before this call (the connection dropped) is destroyed without 'end' or 'error'
  // (Node emits no 'error' when nobody listened): waiting for them would hang, so 'close' ends it too.
  if (body.readableEnded || body.destroyed) return;
  await new Promise((resolve) => body.once('end', resolve).once('error', resolve).once('close', resolve));
}

/** The error code and message of an S3 XML or a JSON (SES, API Gateway) error document. */
export function parseErrorDocument(
  text: string,
  headers: Record<string, string>,
): { code?: string; message?: string; document?: Record<string, unknown> } {
  const xmlCode = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  if (xmlCode)
    return { code: xmlCode, message: xmlUnescape(/<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '') };
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      json = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the header and the status tell what there is
  }
  const typeHeader = headers['x-amzn-errortype']?.split(':')[0];
  const rawType =
    typeof json.__type === 'string' ? json.__type : typeof json.code === 'string' ? json.code : undefined;
  // 'com.amazon#ThrottlingException' and 'Throttling:http://...' both name ThrottlingException.
  const code = typeHeader || rawType?.split('#').pop()?.split(':')[0];
  const message =
    typeof json.message === 'string'
      ? json.message
      : typeof json.Message === 'string'
        ? json.Message
        : undefined;
  return {
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    ...(Object.keys(json).length > 0 ? { document: json } : {}),
  };
}

/** Reads an error answer's document into an AwsRequestError (HEAD answers have none). */
async function errorFrom(call: AwsCall, reply: AwsReply): Promise<AwsRequestError> {
  let text = '';
  if (call.method === 'HEAD') await drain(reply);
  else text = await readText(reply.body).catch(() => '');
  const { code, message, document } = parseErrorDocument(text, reply.headers);
  const fallback = reply.status === 404 ? 'NotFound' : `Http${reply.status}`;
  return new AwsRequestError(
    call.service,
    reply.status,
    code ?? fallback,
    message || `${call.service} ${call.method} answered ${reply.status}`,
    reply.headers['x-amz-request-id'] ?? reply.headers['x-amzn-requestid'],
    document,
  );
}

/** S3 answers some CopyObject and CompleteMultipartUpload failures with a 200 and an <Error> body. */
export function errorInsideOk(
  service: AwsService,
  text: string,
  status: number,
): AwsRequestError | undefined {
  if (!/<Error>/.test(text)) return undefined;
  const { code, message } = parseErrorDocument(text, {});
  return new AwsRequestError(service, status, code ?? 'InternalError', message || 'S3 reported an error');
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export function xmlUnescape(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity] ?? '';
  });
}

export function xmlEscape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

function lowerCaseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function isNetworkError(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return (
    code === 'ECONNRESET' ||
    code === 'ECONNREFUSED' ||
    code === 'EPIPE' ||
    code === 'ETIMEDOUT' ||
    (error as { name?: string } | undefined)?.name === 'TimeoutError'
  );
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
