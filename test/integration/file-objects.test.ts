import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ENV_VARS } from '@shared/config/env-vars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as FileObjects from '../../functions/data/file-objects';
import { applyHandlerEnv, handlerEnv, LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';

/**
 * functions/data/file-objects.ts (S3 over signed HTTP, lib/aws-rest.ts) against the local cloud's
 * s3rver. Outcomes are checked with the AWS SDK's own S3 client where the module's reading side could
 * hide a fault of its writing side, and some calls go through a recording proxy in front of s3rver to
 * see the requests themselves (parts, aborts, copy sources). s3rver checks no SigV4 signature (it only
 * parses them and checks expiry), so the signatures of presigned URLs are recomputed here as S3 does.
 */
let objects: typeof FileObjects;
let resetEnv: () => void;
let sdk: S3Client;
const prefix = `it-objects/${randomUUID()}/`;
const MiB = 1024 * 1024;
const savedEnv = { ...process.env };

const bucket = () => localCloud().filesBucket;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function s3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: localCloud().region,
    forcePathStyle: true,
    credentials: { ...LOCAL_CREDENTIALS },
  });
}

async function sdkHead(key: string) {
  return sdk.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
}

async function sdkBytes(key: string): Promise<Buffer> {
  const out = await sdk.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
}

/** Every key under a prefix, page by page, with the SDK (and how many pages it took). */
async function sdkKeys(under: string, client = sdk): Promise<{ keys: string[]; pages: number }> {
  const keys: string[] = [];
  let pages = 0;
  let token: string | undefined;
  do {
    const out = await client.send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: under, ContinuationToken: token }),
    );
    pages++;
    keys.push(...(out.Contents ?? []).map((o) => o.Key ?? ''));
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return { keys: keys.sort(), pages };
}

/** Runs `run` with the module talking to another S3 endpoint (the recording proxy, the paging s3rver). */
async function withS3Endpoint<T>(endpoint: string, run: () => Promise<T>): Promise<T> {
  const before = process.env[ENV_VARS.s3Endpoint];
  process.env[ENV_VARS.s3Endpoint] = endpoint;
  resetEnv();
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env[ENV_VARS.s3Endpoint];
    else process.env[ENV_VARS.s3Endpoint] = before;
    resetEnv();
  }
}

/** A stream of `total` pseudo-random bytes in chunks of `chunk` (sizes that do not divide a part). */
function byteStream(total: number, chunk: number): { stream: Readable; bytes: Buffer } {
  const bytes = randomBytes(total);
  async function* chunks() {
    for (let at = 0; at < total; at += chunk) yield bytes.subarray(at, Math.min(total, at + chunk));
  }
  return { stream: Readable.from(chunks()), bytes };
}

/** A stream that yields `before` bytes and then fails. */
function failingStream(before: number, chunk: number): Readable {
  async function* chunks() {
    for (let at = 0; at < before; at += chunk) yield randomBytes(Math.min(chunk, before - at));
    throw new Error('source broke midway');
  }
  return Readable.from(chunks());
}

/** The file name of a content-disposition's `filename*=UTF-8''...` parameter (RFC 6266), decoded. */
function extendedFileName(disposition: string): string | undefined {
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  return encoded === undefined ? undefined : decodeURIComponent(encoded);
}

// --- A recording proxy in front of s3rver

interface Seen {
  method: string;
  /** As sent: still percent-encoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  status?: number;
}

let proxy: Server;
let proxyUrl: string;
let seen: Seen[] = [];
/** Answers a request with this status (and an S3 error document) instead of passing it on. */
let refuse: ((request: Seen) => number | undefined) | undefined;

async function throughProxy<T>(run: () => Promise<T>): Promise<T> {
  seen = [];
  refuse = undefined;
  try {
    return await withS3Endpoint(proxyUrl, run);
  } finally {
    refuse = undefined;
  }
}

function startProxy(target: URL): Promise<void> {
  proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const entry: Seen = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    seen.push(entry);
    const status = refuse?.(entry);
    if (status) {
      req.resume();
      req.on('end', () => {
        entry.status = status;
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end('<Error><Code>AccessDenied</Code><Message>refused by the test proxy</Message></Error>');
      });
      return;
    }
    const headers = { ...req.headers };
    const copySource = headers['x-amz-copy-source'];
    // S3 decodes x-amz-copy-source with decodeURIComponent, s3rver 3.7 with decodeURI (which keeps %2B,
    // %26, %3F...): hand s3rver the same key in the form it understands.
    if (typeof copySource === 'string')
      headers['x-amz-copy-source'] = encodeURI(decodeURIComponent(copySource));
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (reply) => {
        entry.status = reply.statusCode;
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', (error) => res.destroy(error));
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

const isPart = (r: Seen) => r.method === 'PUT' && r.query.has('uploadId');
const isAbort = (r: Seen) => r.method === 'DELETE' && r.query.has('uploadId');

// --- A second s3rver for listings of more than 1,000 keys

/**
 * s3rver encrypts its continuation tokens with DES, which Node's OpenSSL 3 refuses without
 * --openssl-legacy-provider: the local cloud's s3rver answers 500 to any listing that needs a second
 * page. The same s3rver is started here in a child process that has the legacy provider.
 */
let pagingChild: ChildProcess | undefined;
let pagingDir: string | undefined;

async function startPagingS3rver(): Promise<string> {
  pagingDir = mkdtempSync(join(tmpdir(), 'mr-s3rver-paging-'));
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ address: '127.0.0.1', port: 0, directory: process.env.PAGING_DIR, silent: true,
      configureBuckets: [{ name: process.env.PAGING_BUCKET, configs: [] }] })
      .run().then((a) => console.log(JSON.stringify(a)), (e) => { console.error(e); process.exit(1); });`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], {
    cwd: process.cwd(),
    env: { ...process.env, PAGING_DIR: pagingDir, PAGING_BUCKET: bucket() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  pagingChild = child;
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as AddressInfo).port);
    });
    child.once('exit', (code) => reject(new Error(`the paging s3rver exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
}

// --- SigV4 presigned URLs, recomputed independently (AWS docs, "Authenticating Requests: Using Query Parameters")

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

interface Presigned {
  path: string;
  params: Array<[string, string]>;
  param(name: string): string | undefined;
}

function parsePresigned(url: string): Presigned {
  const origin = new URL(url).origin;
  const queryAt = url.indexOf('?');
  const path = url.slice(origin.length, queryAt < 0 ? undefined : queryAt);
  const params = (queryAt < 0 ? '' : url.slice(queryAt + 1))
    .split('&')
    .filter(Boolean)
    .map((pair): [string, string] => {
      const eq = pair.indexOf('=');
      return eq < 0
        ? [decodeURIComponent(pair), '']
        : [decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1))];
    });
  return {
    path,
    params,
    param: (name) => params.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1],
  };
}

/**
 * Whether S3 would accept the URL's signature for a request with these headers (host is added):
 * S3 re-encodes the decoded path and every query parameter (RFC 3986), takes the signed headers' values
 * from the request and hashes no payload.
 */
function presignedSignatureMatches(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  credentials: { accessKeyId: string; secretAccessKey: string } = LOCAL_CREDENTIALS,
): boolean {
  const { path, params, param } = parsePresigned(url);
  const signature = param('X-Amz-Signature');
  const date = param('X-Amz-Date');
  const credential = param('X-Amz-Credential');
  const signedHeaders = param('X-Amz-SignedHeaders');
  if (!signature || !date || !credential || !signedHeaders) return false;
  const [accessKeyId, day, region, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId || !day || !region || !service || !terminator) return false;
  const values: Record<string, string> = { host: new URL(url).host };
  for (const [name, value] of Object.entries(headers))
    values[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  const canonicalUri = path
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${values[name] ?? ''}\n`)
    .join('');
  const canonicalRequest = [
    method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${day}/${region}/${service}/${terminator}`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    date,
    scope,
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [region, service, terminator]) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex') === signature;
}

/** The same URL with one character of its signature changed. */
function tampered(url: string): string {
  return url.replace(/(X-Amz-Signature=[0-9a-f]{63})([0-9a-f])/, (_, head: string, last: string) =>
    head.concat(last === '0' ? '1' : '0'),
  );
}

beforeAll(async () => {
  const cloud = localCloud();
  // As the local gateway runs handlers: configuration and the S3RVER key pair from process.env.
  applyHandlerEnv(handlerEnv(cloud));
  const { resetEnvForTests } = await import('../../functions/lib/env');
  const { forgetAwsCredentials } = await import('../../functions/lib/aws-rest');
  resetEnv = resetEnvForTests;
  resetEnv();
  forgetAwsCredentials();
  objects = await import('../../functions/data/file-objects');
  sdk = s3Client(cloud.s3);
  await startProxy(new URL(cloud.s3));
});

afterAll(async () => {
  try {
    if (objects) await objects.deleteObjects(await objects.listObjectKeys(prefix));
  } finally {
    sdk?.destroy();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    if (pagingChild?.pid !== undefined && pagingChild.exitCode === null) process.kill(pagingChild.pid);
    if (pagingDir) rmSync(pagingDir, { recursive: true, force: true });
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
});

describe('putObject, objectSize, getObjectBytes, openObject', () => {
  it('stores a string with its content type and reads the same bytes back', async () => {
    const key = `${prefix}basic/text.txt`;
    const text = 'Grüße, 世界: one line\nand another ✓';
    await objects.putObject(key, text, { contentType: 'text/plain; charset=utf-8' });

    expect(await objects.getObjectBytes(key)).toEqual(Buffer.from(text, 'utf8'));
    expect(await objects.objectSize(key)).toBe(Buffer.byteLength(text));
    expect(Buffer.byteLength(text)).not.toBe(text.length);
    expect(await sdkBytes(key)).toEqual(Buffer.from(text, 'utf8'));
    expect((await sdkHead(key)).ContentType).toBe('text/plain; charset=utf-8');
  });

  it('stores a Uint8Array with content type and encoding, and hands the stored bytes back unchanged', async () => {
    const key = `${prefix}basic/document.json.gz`;
    const json = JSON.stringify({ hello: 'world', items: Array.from({ length: 200 }, (_, i) => i) });
    const gzipped = new Uint8Array(gzipSync(json));
    await objects.putObject(key, gzipped, { contentType: 'application/json', contentEncoding: 'gzip' });

    const back = await objects.getObjectBytes(key);
    expect(back).toEqual(Buffer.from(gzipped));
    expect(gunzipSync(back ?? Buffer.alloc(0)).toString('utf8')).toBe(json);
    expect(await objects.objectSize(key)).toBe(gzipped.byteLength);
    const head = await sdkHead(key);
    expect(head.ContentType).toBe('application/json');
    expect(head.ContentEncoding).toBe('gzip');
    expect(head.ContentLength).toBe(gzipped.byteLength);
  });

  it('stores an empty body', async () => {
    const key = `${prefix}basic/empty`;
    await objects.putObject(key, '');
    expect(await objects.objectSize(key)).toBe(0);
    expect(await objects.getObjectBytes(key)).toEqual(Buffer.alloc(0));
  });

  it('overwrites an object on a second put', async () => {
    const key = `${prefix}basic/overwritten.txt`;
    await objects.putObject(key, 'first, longer body');
    await objects.putObject(key, 'second');
    expect((await objects.getObjectBytes(key))?.toString()).toBe('second');
    expect(await objects.objectSize(key)).toBe(6);
  });

  it('streams an existing object with openObject and getObjectStream', async () => {
    const key = `${prefix}basic/streamed.bin`;
    const bytes = randomBytes(300_000);
    await objects.putObject(key, bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of await objects.openObject(key)) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
    const stream = await objects.getObjectStream(key);
    expect(stream).toBeDefined();
    stream?.resume();
  });

  it('answers undefined for the size, bytes and stream of a missing key, and openObject rejects', async () => {
    const key = `${prefix}basic/never-written.txt`;
    expect(await objects.objectSize(key)).toBeUndefined();
    expect(await objects.getObjectBytes(key)).toBeUndefined();
    expect(await objects.getObjectStream(key)).toBeUndefined();
    await expect(objects.openObject(key)).rejects.toThrow(`Object ${key} does not exist`);
  });
});

describe('keys that need encoding', () => {
  const names = [
    'Modèle résumé (v2).xlsx',
    'a+b & c=d.txt',
    'deep/nested/path/with space.txt',
    "it's [draft] *final*!.csv",
    '100% ~ done, ok; @home $5.txt',
    'why?#hash.txt',
    'ünïcödé/日本語 ファイル.pdf',
  ];

  it('round-trip through put, get, size, list, copy and delete', async () => {
    const from = `${prefix}keys/`;
    const to = `${prefix}copies/`;
    const body = (name: string) => `body of ${name}`;
    await throughProxy(async () => {
      for (const name of names)
        await objects.putObject(`${from}${name}`, body(name), { contentType: 'text/plain' });
      for (const name of names) {
        const key = `${from}${name}`;
        expect((await objects.getObjectBytes(key))?.toString('utf8'), key).toBe(body(name));
        expect(await objects.objectSize(key), key).toBe(Buffer.byteLength(body(name)));
      }
      // Every segment percent-encoded (RFC 3986), the slashes kept.
      const puts = seen.filter((r) => r.method === 'PUT').map((r) => r.path);
      expect(puts).toEqual(
        names.map((n) =>
          `/${bucket()}/${`${from}${n}`.split('/').map(encodeURIComponent).join('/')}`.replace(
            /[!'()*]/g,
            (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
          ),
        ),
      );
      const expected = names.map((n) => `${from}${n}`).sort();
      expect([...(await objects.listObjectKeys(from))].sort()).toEqual(expected);

      seen = [];
      for (const name of names) await objects.copyObject(`${from}${name}`, `${to}${name}`);
      const sources = seen.map((r) => String(r.headers['x-amz-copy-source']));
      expect(sources.map(decodeURIComponent)).toEqual(names.map((n) => `/${bucket()}/${from}${n}`));
      for (const source of sources) expect(source).toMatch(/^[A-Za-z0-9\-._~%/]+$/);
      for (const name of names) {
        expect((await objects.getObjectBytes(`${to}${name}`))?.toString('utf8'), name).toBe(body(name));
      }
      expect([...(await objects.listObjectKeys(to))].sort()).toEqual(names.map((n) => `${to}${n}`).sort());
    });
    // What the SDK finds in s3rver, without the proxy.
    for (const name of names) {
      expect((await sdkBytes(`${from}${name}`)).toString('utf8'), name).toBe(body(name));
      expect((await sdkBytes(`${to}${name}`)).toString('utf8'), name).toBe(body(name));
    }
    expect((await sdkKeys(from)).keys).toEqual(names.map((n) => `${from}${n}`).sort());

    await objects.deleteObjects([...names.map((n) => `${from}${n}`), ...names.map((n) => `${to}${n}`)]);
    expect(await objects.listObjectKeys(from)).toEqual([]);
    expect(await objects.listObjectKeys(to)).toEqual([]);
    expect((await sdkKeys(to)).keys).toEqual([]);
    for (const name of names) expect(await objects.objectSize(`${from}${name}`), name).toBeUndefined();
  });
});

describe('copyObject', () => {
  it('copies body and content type; both objects exist afterwards', async () => {
    const from = `${prefix}copy/source.json`;
    const to = `${prefix}copy/target/copy.json`;
    await objects.putObject(from, '{"copied":true}', { contentType: 'application/json' });
    await objects.copyObject(from, to);

    expect((await objects.getObjectBytes(from))?.toString()).toBe('{"copied":true}');
    expect((await objects.getObjectBytes(to))?.toString()).toBe('{"copied":true}');
    expect((await sdkHead(to)).ContentType).toBe('application/json');
  });

  it('rejects with NoSuchKey when the source does not exist, and creates nothing', async () => {
    const to = `${prefix}copy/from-nothing`;
    await expect(objects.copyObject(`${prefix}copy/missing`, to)).rejects.toMatchObject({
      code: 'NoSuchKey',
      status: 404,
    });
    expect(await objects.objectSize(to)).toBeUndefined();
  });
});

describe('listObjectKeys and deleteObjects', () => {
  it('lists exactly the keys under a prefix, not those of a sibling prefix', async () => {
    const base = `${prefix}list/`;
    const keys = ['a/1.txt', 'a/2.txt', 'a/sub/3.txt', 'ab/4.txt', 'b/5.txt', 'a.txt'].map(
      (k) => `${base}${k}`,
    );
    await Promise.all(keys.map((key) => objects.putObject(key, key)));

    expect([...(await objects.listObjectKeys(`${base}a/`))].sort()).toEqual(
      [`${base}a/1.txt`, `${base}a/2.txt`, `${base}a/sub/3.txt`].sort(),
    );
    expect(await objects.listObjectKeys(`${base}b/`)).toEqual([`${base}b/5.txt`]);
    expect([...(await objects.listObjectKeys(base))].sort()).toEqual([...keys].sort());
    expect(await objects.listObjectKeys(`${base}c/`)).toEqual([]);
  });

  it('pages through more than 1,000 keys and deletes them all (s3rver with the legacy OpenSSL provider)', async () => {
    const endpoint = await startPagingS3rver();
    const paging = s3Client(endpoint);
    try {
      const base = `${prefix}many/`;
      const keys = Array.from({ length: 1005 }, (_, i) => `${base}item-${String(i).padStart(4, '0')}`);
      await withS3Endpoint(endpoint, async () => {
        for (let at = 0; at < keys.length; at += 50) {
          await Promise.all(keys.slice(at, at + 50).map((key) => objects.putObject(key, key.slice(-4))));
        }
        await objects.putObject(`${prefix}many-sibling/item-0000`, 'not listed');
      });
      // s3rver pages at 1,000 as S3 does, so listing all of them needs a continuation token.
      const independent = await sdkKeys(base, paging);
      expect(independent.keys).toEqual(keys);
      expect(independent.pages).toBe(2);

      await withS3Endpoint(endpoint, async () => {
        const listed = await objects.listObjectKeys(base);
        expect(listed).toHaveLength(1005);
        expect(new Set(listed).size).toBe(1005);
        expect([...listed].sort()).toEqual(keys);

        await objects.deleteObjects(keys);
        expect(await objects.listObjectKeys(base)).toEqual([]);
      });
      expect((await sdkKeys(base, paging)).keys).toEqual([]);
      expect((await sdkKeys(`${prefix}many-sibling/`, paging)).keys).toEqual([
        `${prefix}many-sibling/item-0000`,
      ]);
    } finally {
      paging.destroy();
    }
  });

  it('deletes a missing key (and nothing) without an error', async () => {
    await expect(objects.deleteObjects([`${prefix}delete/never-was`])).resolves.toBeUndefined();
    await expect(objects.deleteObjects([])).resolves.toBeUndefined();
    const key = `${prefix}delete/once`;
    await objects.putObject(key, 'x');
    await objects.deleteObjects([key, key]);
    expect(await objects.objectSize(key)).toBeUndefined();
  });
});

describe('uploadStream', () => {
  it('stores a stream smaller than a part with one PUT and its content type', async () => {
    const key = `${prefix}upload/small.csv`;
    const { stream, bytes } = byteStream(100_000, 7_000);
    await throughProxy(() => objects.uploadStream(key, stream, 'text/csv'));

    expect(seen.map((r) => [r.method, [...r.query.keys()], r.headers['content-type']])).toEqual([
      ['PUT', [], 'text/csv'],
    ]);
    expect(sha256((await objects.getObjectBytes(key)) ?? Buffer.alloc(0))).toBe(sha256(bytes));
    expect((await sdkHead(key)).ContentType).toBe('text/csv');
  });

  it('stores an empty stream as an empty object', async () => {
    const key = `${prefix}upload/empty.zip`;
    await objects.uploadStream(key, Readable.from([]), 'application/zip');
    expect(await objects.objectSize(key)).toBe(0);
  });

  it('uploads ~11 MiB in default 8 MiB parts: the body is the concatenation, the content type is kept', async () => {
    const key = `${prefix}upload/large default.zip`;
    const total = 11 * MiB + 12_345;
    const { stream, bytes } = byteStream(total, 256 * 1024 + 3);
    await throughProxy(() => objects.uploadStream(key, stream, 'application/zip'));

    const parts = seen.filter(isPart);
    expect(parts.map((r) => [r.query.get('partNumber'), Number(r.headers['content-length'])])).toEqual([
      ['1', 8 * MiB],
      ['2', total - 8 * MiB],
    ]);
    expect(seen.filter((r) => r.method === 'POST').map((r) => [...r.query.keys()].join())).toEqual([
      'uploads',
      'uploadId',
    ]);
    expect(seen.every((r) => (r.status ?? 0) < 300)).toBe(true);

    expect(await objects.objectSize(key)).toBe(total);
    expect(sha256(await sdkBytes(key))).toBe(sha256(bytes));
    const res = await fetch(await objects.presignGetObject(key, 60));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('uploads in 5 MiB parts (three parts, chunks straddling part boundaries)', async () => {
    const key = `${prefix}upload/large-5mib.bin`;
    const { stream, bytes } = byteStream(11 * MiB, MiB + 7);
    await throughProxy(() => objects.uploadStream(key, stream, 'application/octet-stream', 5 * MiB));

    expect(seen.filter(isPart).map((r) => Number(r.headers['content-length']))).toEqual([
      5 * MiB,
      5 * MiB,
      MiB,
    ]);
    expect(sha256((await objects.getObjectBytes(key)) ?? Buffer.alloc(0))).toBe(sha256(bytes));
    expect((await sdkHead(key)).ContentType).toBe('application/octet-stream');
  });

  it('uploads a body of exactly two parts (no empty last part)', async () => {
    const key = `${prefix}upload/exact.bin`;
    const { stream, bytes } = byteStream(10 * MiB, MiB);
    await throughProxy(() => objects.uploadStream(key, stream, 'application/x-exact', 5 * MiB));

    expect(seen.filter(isPart).map((r) => Number(r.headers['content-length']))).toEqual([5 * MiB, 5 * MiB]);
    expect(await objects.objectSize(key)).toBe(10 * MiB);
    expect(sha256(await sdkBytes(key))).toBe(sha256(bytes));
  });

  it('rejects, aborts the multipart upload and leaves no object when the source fails after a part', async () => {
    const key = `${prefix}upload/broken-multipart.zip`;
    await expect(
      throughProxy(() => objects.uploadStream(key, failingStream(6 * MiB, MiB), 'application/zip', 5 * MiB)),
    ).rejects.toThrow('source broke midway');

    const uploadId = seen.find(isPart)?.query.get('uploadId');
    expect(uploadId).toBeTruthy();
    expect(seen.filter(isAbort).map((r) => r.query.get('uploadId'))).toEqual([uploadId]);
    expect(seen.some((r) => r.method === 'POST' && r.query.has('uploadId'))).toBe(false);
    expect(await objects.objectSize(key)).toBeUndefined();
    expect(await objects.listObjectKeys(key)).toEqual([]);
  });

  it('rejects with S3 error, aborts and leaves no object when S3 refuses a part', async () => {
    const key = `${prefix}upload/refused-part.zip`;
    const { stream } = byteStream(11 * MiB, MiB);
    await expect(
      throughProxy(() => {
        refuse = (r) => (isPart(r) && r.query.get('partNumber') === '2' ? 403 : undefined);
        return objects.uploadStream(key, stream, 'application/zip', 5 * MiB);
      }),
    ).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });

    const uploadId = seen.find(isPart)?.query.get('uploadId');
    expect(seen.filter(isAbort).map((r) => r.query.get('uploadId'))).toEqual([uploadId]);
    expect(seen.some((r) => r.method === 'POST' && r.query.has('uploadId'))).toBe(false);
    expect(await objects.objectSize(key)).toBeUndefined();
  });

  it('rejects, and sends nothing, when the source fails before the first part', async () => {
    const key = `${prefix}upload/broken-small.zip`;
    await expect(
      throughProxy(() => objects.uploadStream(key, failingStream(100_000, 10_000), 'application/zip')),
    ).rejects.toThrow('source broke midway');
    expect(seen).toEqual([]);
    expect(await objects.objectSize(key)).toBeUndefined();
  });
});

describe('presigned URLs', () => {
  it("the signature check of this file accepts AWS's documented example and rejects changed requests", () => {
    // "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)", Amazon S3 API Reference.
    const example =
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
      '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
      '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
      '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404';
    const docs = {
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    expect(presignedSignatureMatches(example, 'GET', {}, docs)).toBe(true);
    expect(presignedSignatureMatches(example, 'PUT', {}, docs)).toBe(false);
    expect(tampered(example)).not.toBe(example);
    expect(presignedSignatureMatches(tampered(example), 'GET', {}, docs)).toBe(false);
    expect(presignedSignatureMatches(example.replace('test.txt', 'test.tx'), 'GET', {}, docs)).toBe(false);
    expect(
      presignedSignatureMatches(example.replace('Expires=86400', 'Expires=86401'), 'GET', {}, docs),
    ).toBe(false);
  });

  it('presignPutObject: the declared length is signed; a PUT with it stores the body and content type', async () => {
    const key = `${prefix}presign/upload – résumé.csv`;
    const body = 'a,b,c\n1,2,3\nü,✓,€\n';
    const length = Buffer.byteLength(body);
    const url = await objects.presignPutObject(key, 60, length, 'text/csv');

    const signed = parsePresigned(url).param('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toContain('content-length');
    expect(signed).toContain('host');
    expect(signed).not.toContain('content-type');
    expect(presignedSignatureMatches(url, 'PUT', { 'content-length': String(length) })).toBe(true);
    // S3 recomputes the signature with the length it receives: any other length is refused (403).
    expect(presignedSignatureMatches(url, 'PUT', { 'content-length': String(length + 1) })).toBe(false);
    expect(presignedSignatureMatches(url, 'PUT', { 'content-length': String(length - 1) })).toBe(false);
    expect(presignedSignatureMatches(tampered(url), 'PUT', { 'content-length': String(length) })).toBe(false);

    const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'text/csv' } });
    expect(res.status, await res.text()).toBe(200);
    expect((await objects.getObjectBytes(key))?.toString('utf8')).toBe(body);
    expect((await sdkHead(key)).ContentType).toBe('text/csv');
  });

  it('presignDownload: 200, the body, and an attachment content-disposition with the file name', async () => {
    const key = `${prefix}presign/stored as (id).bin`;
    const bytes = randomBytes(20_000);
    await objects.putObject(key, bytes, { contentType: 'application/vnd.ms-excel' });
    const fileName = 'Modèle résumé (v2).xlsx';
    const url = await objects.presignDownload(key, fileName, 60);

    expect(presignedSignatureMatches(url, 'GET')).toBe(true);
    expect(presignedSignatureMatches(tampered(url), 'GET')).toBe(false);
    expect(extendedFileName(parsePresigned(url).param('response-content-disposition') ?? '')).toBe(fileName);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(bytes));
    const disposition = res.headers.get('content-disposition') ?? '';
    // (s3rver garbles the Latin-1 letters of the plain filename; browsers read filename* first.)
    expect(disposition).toMatch(/^attachment; filename="Mod.le r.sum. \(v2\)\.xlsx"; /);
    expect(extendedFileName(disposition)).toBe(fileName);
  });

  it('presignDownload: quotes and backslashes cannot break out of the filename parameter', async () => {
    const key = `${prefix}presign/quoted.txt`;
    await objects.putObject(key, 'q');
    const url = await objects.presignDownload(key, 'say "hi"\\there.txt', 60);
    expect(presignedSignatureMatches(url, 'GET')).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('q');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="say _hi__there.txt"');
  });

  it('presignDownload: a name with characters outside ISO-8859-1 still downloads (S3 refuses such header values)', async () => {
    const key = `${prefix}presign/unicode.txt`;
    await objects.putObject(key, 'u');
    const fileName = 'Capture d’écran 1976–2016 日本.txt';
    const url = await objects.presignDownload(key, fileName, 60);
    const res = await fetch(url);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.text()).toBe('u');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[^"]+"; /);
    expect(extendedFileName(disposition)).toBe(fileName);
  });

  it('an expired presigned URL is refused with 403', async () => {
    const key = `${prefix}presign/expiring.txt`;
    await objects.putObject(key, 'soon gone');
    const fresh = await objects.presignGetObject(key, 60);
    expect((await fetch(fresh)).status).toBe(200);
    const url = await objects.presignGetObject(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });
});
