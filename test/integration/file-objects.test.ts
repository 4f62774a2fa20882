import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ENV_VARS } from '@shared/config/env-vars';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FileObjects from '../../functions/data/file-objects';
import type * as ObjectUpload from '../../functions/data/object-upload';
import { applyHandlerEnv, handlerEnv, LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';

/**
 * functions/data/file-objects.ts and object-upload.ts (the files bucket through the SDK's S3 client,
 * the presigner and lib-storage) against the local cloud's s3rver, configured as the local gateway configures handlers.
 * What the module sent is read back with an S3 client of the test's own, and the commands it sent are
 * recorded by a middleware on its client.
 */
let objects: typeof FileObjects & typeof ObjectUpload;
let sdk: S3Client;
const prefix = `it-objects/${randomUUID()}/`;
const MiB = 1024 * 1024;
const savedEnv = { ...process.env };

const bucket = () => localCloud().filesBucket;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The commands the module's S3 client sent since the last reset, with their inputs. */
let sent: { command: string; input: Record<string, unknown> }[] = [];

async function loadObjects(): Promise<typeof FileObjects & typeof ObjectUpload> {
  const { resetEnvForTests } = await import('../../functions/lib/env');
  resetEnvForTests();
  const module = {
    ...(await import('../../functions/data/file-objects')),
    ...(await import('../../functions/data/object-upload')),
  };
  const { s3 } = await import('../../functions/data/s3-client');
  s3().middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ command: String(context.commandName), input: args.input as Record<string, unknown> });
      return next(args);
    },
    { step: 'initialize', name: 'recordCommandsForTest' },
  );
  return module;
}

const commands = () => sent.map((s) => s.command);

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

beforeAll(async () => {
  const cloud = localCloud();
  // As the local gateway runs handlers: configuration and the S3RVER key pair from process.env.
  applyHandlerEnv(handlerEnv(cloud));
  objects = await loadObjects();
  sdk = s3Client(cloud.s3);
});

beforeEach(() => {
  sent = [];
});

afterAll(async () => {
  try {
    if (objects) await objects.deleteObjects(await objects.listObjectKeys(prefix));
  } finally {
    sdk?.destroy();
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
    expect(await sdkBytes(key)).toEqual(Buffer.from(text, 'utf8'));
    expect((await sdkHead(key)).ContentType).toBe('text/plain; charset=utf-8');
  });

  it('stores bytes with content type and encoding, and hands the stored bytes back unchanged', async () => {
    const key = `${prefix}basic/document.json.gz`;
    const json = JSON.stringify({ hello: 'world', items: Array.from({ length: 200 }, (_, i) => i) });
    const gzipped = new Uint8Array(gzipSync(json));
    await objects.putObject(key, gzipped, { contentType: 'application/json', contentEncoding: 'gzip' });

    const back = await objects.getObjectBytes(key);
    expect(gunzipSync(back ?? Buffer.alloc(0)).toString('utf8')).toBe(json);
    const head = await sdkHead(key);
    expect(head.ContentEncoding).toBe('gzip');
    expect(head.ContentLength).toBe(gzipped.byteLength);
  });

  it('stores an empty body', async () => {
    const key = `${prefix}basic/empty`;
    await objects.putObject(key, '');
    expect(await objects.objectSize(key)).toBe(0);
    expect(await objects.getObjectBytes(key)).toEqual(Buffer.alloc(0));
  });

  it('streams an existing object with openObject', async () => {
    const key = `${prefix}basic/streamed.bin`;
    const bytes = randomBytes(300_000);
    await objects.putObject(key, bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of await objects.openObject(key)) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
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

  it('round-trip through put, get, size, list and delete', async () => {
    const base = `${prefix}keys/`;
    const body = (name: string) => `body of ${name}`;
    for (const name of names) await objects.putObject(`${base}${name}`, body(name));
    for (const name of names) {
      const key = `${base}${name}`;
      expect((await objects.getObjectBytes(key))?.toString('utf8'), key).toBe(body(name));
      expect(await objects.objectSize(key), key).toBe(Buffer.byteLength(body(name)));
      expect((await sdkBytes(key)).toString('utf8'), key).toBe(body(name));
    }
    expect([...(await objects.listObjectKeys(base))].sort()).toEqual(names.map((n) => `${base}${n}`).sort());

    await objects.deleteObjects(names.map((n) => `${base}${n}`));
    expect(await objects.listObjectKeys(base)).toEqual([]);
  });

  it('copy with a source S3 decodes back to the key, each segment percent-encoded', async () => {
    const from = `${prefix}copy-from/`;
    const to = `${prefix}copy-to/`;
    // s3rver 3.7 decodes the copy source with decodeURI, which keeps %2B, %26, %3F, %23, %24, %2C, %3B
    // and %40 encoded (S3 decodes them all): only names without those characters can be copied here.
    const copyable = names.filter((n) => !/[+&?#$,;@=]/.test(n));
    expect(copyable.length).toBeGreaterThanOrEqual(4);
    for (const name of copyable) await objects.putObject(`${from}${name}`, name, { contentType: 'text/csv' });
    for (const name of copyable) await objects.copyObject(`${from}${name}`, `${to}${name}`);

    for (const name of copyable) {
      expect((await objects.getObjectBytes(`${to}${name}`))?.toString('utf8'), name).toBe(name);
      expect((await sdkHead(`${to}${name}`)).ContentType, name).toBe('text/csv');
      expect(await objects.objectSize(`${from}${name}`), name).toBe(Buffer.byteLength(name));
    }
    const sources = sent
      .filter((s) => s.command === 'CopyObjectCommand')
      .map((s) => String(s.input.CopySource));
    expect(sources.map(decodeURIComponent)).toEqual(copyable.map((n) => `${bucket()}/${from}${n}`));
    for (const source of sources) expect(source).toMatch(/^[A-Za-z0-9\-._~%/]+$/);
  });

  it('a copy from a missing source rejects and creates nothing', async () => {
    const to = `${prefix}copy-to/from-nothing`;
    await expect(objects.copyObject(`${prefix}copy-from/missing`, to)).rejects.toMatchObject({
      name: 'NoSuchKey',
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
    expect([...(await objects.listObjectKeys(base))].sort()).toEqual([...keys].sort());
    expect(await objects.listObjectKeys(`${base}c/`)).toEqual([]);
  });

  it('pages through more than 1,000 keys and deletes them all (s3rver with the legacy OpenSSL provider)', async () => {
    const endpoint = await startPagingS3rver();
    // A module of its own, whose S3 client is created for the paging s3rver.
    process.env[ENV_VARS.s3Endpoint] = endpoint;
    vi.resetModules();
    try {
      const paging = await loadObjects();
      const base = `${prefix}many/`;
      const keys = Array.from({ length: 1005 }, (_, i) => `${base}item-${String(i).padStart(4, '0')}`);
      for (let at = 0; at < keys.length; at += 50) {
        await Promise.all(keys.slice(at, at + 50).map((key) => paging.putObject(key, key.slice(-4))));
      }
      await paging.putObject(`${prefix}many-sibling/item-0000`, 'not listed');

      sent = [];
      const listed = await paging.listObjectKeys(base);
      expect([...listed].sort()).toEqual(keys);
      // s3rver pages at 1,000 as S3 does, so the listing took a continuation token.
      expect(commands()).toEqual(['ListObjectsV2Command', 'ListObjectsV2Command']);

      await paging.deleteObjects(keys);
      expect(await paging.listObjectKeys(base)).toEqual([]);
      expect(await paging.listObjectKeys(`${prefix}many-sibling/`)).toEqual([
        `${prefix}many-sibling/item-0000`,
      ]);
    } finally {
      process.env[ENV_VARS.s3Endpoint] = localCloud().s3;
      vi.resetModules();
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
    await objects.uploadStream(key, stream, 'text/csv');

    expect(commands()).toEqual(['PutObjectCommand']);
    expect(sha256(await sdkBytes(key))).toBe(sha256(bytes));
    expect((await sdkHead(key)).ContentType).toBe('text/csv');
  });

  it('stores an empty stream as an empty object', async () => {
    const key = `${prefix}upload/empty.zip`;
    await objects.uploadStream(key, Readable.from([]), 'application/zip');
    expect(await objects.objectSize(key)).toBe(0);
  });

  it('uploads ~11 MiB in 5 MiB parts: the object is the whole body, with its content type', async () => {
    const key = `${prefix}upload/large multipart.zip`;
    const total = 11 * MiB + 12_345;
    const { stream, bytes } = byteStream(total, 256 * 1024 + 3);
    await objects.uploadStream(key, stream, 'application/zip', 5 * MiB);

    expect(commands().filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(commands()).toContain('CompleteMultipartUploadCommand');
    expect(await objects.objectSize(key)).toBe(total);
    expect(sha256(await sdkBytes(key))).toBe(sha256(bytes));
    expect((await sdkHead(key)).ContentType).toBe('application/zip');
  });

  it('rejects, aborts the multipart upload and leaves no object when the source fails after a part', async () => {
    const key = `${prefix}upload/broken-multipart.zip`;
    // In S3 the source's error surfaces; s3rver does not implement AbortMultipartUpload (405), and
    // lib-storage then rejects with the abort's error instead.
    await expect(
      objects.uploadStream(key, failingStream(6 * MiB, MiB), 'application/zip', 5 * MiB),
    ).rejects.toThrow(/source broke midway|not allowed/);

    expect(commands()).toContain('CreateMultipartUploadCommand');
    const abort = sent.find((s) => s.command === 'AbortMultipartUploadCommand');
    const created = sent.find((s) => s.command === 'UploadPartCommand');
    expect(abort?.input.UploadId).toBe(created?.input.UploadId);
    expect(commands()).not.toContain('CompleteMultipartUploadCommand');
    expect(await objects.objectSize(key)).toBeUndefined();
  });

  it('rejects, and stores nothing, when the source fails before the first part', async () => {
    const key = `${prefix}upload/broken-small.zip`;
    await expect(
      objects.uploadStream(key, failingStream(100_000, 10_000), 'application/zip'),
    ).rejects.toThrow('source broke midway');
    expect(commands()).not.toContain('PutObjectCommand');
    expect(await objects.objectSize(key)).toBeUndefined();
  });
});

describe('presigned URLs, used with plain fetch as a browser does', () => {
  it('presignPutObject: the declared length is signed; a PUT with it stores the body and content type', async () => {
    const key = `${prefix}presign/upload – résumé.csv`;
    const body = 'a,b,c\n1,2,3\nü,✓,€\n';
    const length = Buffer.byteLength(body);
    const url = await objects.presignPutObject(key, 60, length, 'text/csv');

    const params = new URL(url).searchParams;
    const signed = params.get('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toContain('content-length');
    expect(signed).toContain('host');
    // Browsers may add a charset to the content type: it must not be signed.
    expect(signed).not.toContain('content-type');
    // No checksum of an empty body signed in: a browser's PUT of the real body would be refused.
    expect([...params.keys()].some((name) => /checksum/i.test(name))).toBe(false);
    expect(params.get('X-Amz-Expires')).toBe('60');

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

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(bytes));
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="Modele resume \(v2\)\.xlsx"; /);
    expect(extendedFileName(disposition)).toBe(fileName);
  });

  it('presignDownload: quotes and backslashes cannot break out of the filename parameter', async () => {
    const key = `${prefix}presign/quoted.txt`;
    await objects.putObject(key, 'q');
    const res = await fetch(await objects.presignDownload(key, 'say "hi"\\there.txt', 60));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('q');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="say _hi__there.txt"');
  });

  it('presignDownload: a name with characters outside ISO-8859-1 still downloads (S3 refuses such header values)', async () => {
    const key = `${prefix}presign/unicode.txt`;
    await objects.putObject(key, 'u');
    const fileName = 'Capture d’écran 1976–2016 日本.txt';
    const res = await fetch(await objects.presignDownload(key, fileName, 60));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.text()).toBe('u');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
    expect(extendedFileName(disposition)).toBe(fileName);
  });

  it('an expired presigned URL is refused with 403', async () => {
    const key = `${prefix}presign/expiring.txt`;
    await objects.putObject(key, 'soon gone');
    expect((await fetch(await objects.presignGetObject(key, 60))).status).toBe(200);
    // Signed 2.1 s ago for 1 s (the signer reads Date): expired now, without waiting for it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 2_100 });
    const url = await objects.presignGetObject(key, 1).finally(() => vi.useRealTimers());
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });
});
