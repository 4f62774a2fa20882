import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { MODEL_FILES_PREFIX } from '@shared/config/files-bucket';
import { env } from '../lib/env';
import { s3 } from './s3-client';

/**
 * The S3 calls of computed diffs (functions/core/compare): bodies read for hashing, and the JSON
 * documents of the diff cache (keys from storage-keys.ts, under diffs/).
 *
 * Presence is read with a listing, never by GET or HEAD of a missing key: without s3:ListBucket S3
 * answers those with 403 rather than 404, and the listing's grant is limited to the prefixes the code
 * reaches (cdk/constructs/area-analysis.ts).
 */

const bucket = () => env.filesBucket;

/**
 * Only bodies of entries' files are read here. Naming the prefix also keeps it in the bundle of every
 * function that reads bodies through this module, which is what grants it models/* (area-analysis.ts).
 */
function bodyKey(key: string): string {
  if (!key.startsWith(MODEL_FILES_PREFIX)) throw new Error(`${key} is not the body of a file of an entry`);
  return key;
}
const isMissing = (error: unknown) => error instanceof NotFound || error instanceof NoSuchKey;

/** What S3 says of a body without reading it: enough to find its cached hash. */
export interface BodyHead {
  /** The ETag without quotes: an MD5 of the content (or of its parts, `<md5>-<parts>`). */
  readonly etag: string;
  readonly size: number;
}

/** HEAD of a file body the data says exists; undefined when S3 has no such object. */
export async function headBody(key: string): Promise<BodyHead | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: bodyKey(key) }));
    return { etag: (out.ETag ?? '').replaceAll('"', ''), size: out.ContentLength ?? 0 };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** A body as a stream (it must exist). */
export async function openBody(key: string): Promise<Readable> {
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: bodyKey(key) }));
  if (!out.Body) throw new Error(`Object ${key} has no body`);
  // In Node the SDK's body is an http.IncomingMessage (a Readable) with the SDK's mixins.
  return out.Body as Readable;
}

/** A body's bytes, for the text diff (its size is checked before). */
export async function readBody(key: string): Promise<Buffer> {
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: bodyKey(key) }));
  return Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
}

/** The SHA-256 of a body, streamed (memory stays bounded whatever its size). */
export async function sha256OfBody(key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await openBody(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The names directly below `prefix` (objects, and `name/` for deeper levels): one listing tells
 * which of a diff's documents exist.
 */
export async function listChildren(prefix: string): Promise<Set<string>> {
  const out = await s3().send(
    new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, Delimiter: '/', MaxKeys: 100 }),
  );
  const names = new Set<string>();
  for (const o of out.Contents ?? []) if (o.Key) names.add(o.Key.slice(prefix.length));
  for (const p of out.CommonPrefixes ?? []) if (p.Prefix) names.add(p.Prefix.slice(prefix.length));
  return names;
}

/** A JSON document known to exist (listed), parsed; undefined if it vanished meanwhile. */
export async function getJson(key: string): Promise<unknown> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return JSON.parse((await out.Body?.transformToString('utf8')) ?? 'null');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** A JSON document that may not exist: a one-key listing first (see the module comment). */
export async function findJson(key: string): Promise<unknown> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: key, MaxKeys: 1 }));
  if (out.Contents?.[0]?.Key !== key) return undefined;
  return getJson(key);
}

export async function putJson(key: string, value: unknown): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: JSON.stringify(value),
      ContentType: 'application/json',
    }),
  );
}
