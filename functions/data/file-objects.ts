import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../lib/env';
import { s3, s3Presigner } from './s3-client';

/**
 * The objects of the files bucket: file bodies (keys from model-files.ts), upload tickets' bodies,
 * zips of "download all", run documents and the catalogue snapshot. Kept apart from the file nodes so
 * that a handler which never touches a body does not bundle the S3 client; streamed uploads are in
 * object-upload.ts, so that only their user bundles lib-storage.
 */

const bucket = () => env.filesBucket;

/** HEAD answers a bare 404 (NotFound), GET a NoSuchKey document. */
const isMissing = (error: unknown) => error instanceof NotFound || error instanceof NoSuchKey;

/** Size of an object in bytes, or undefined when it does not exist. */
export async function objectSize(key: string): Promise<number | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return out.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The object's body as a stream, or undefined when it does not exist. */
export async function getObjectStream(key: string): Promise<Readable | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    // In Node the SDK's body is an http.IncomingMessage (a Readable) with the SDK's mixins.
    return out.Body as Readable | undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The body of an object that must exist (a file's, for the zip of "download all"). */
export async function openObject(key: string): Promise<Readable> {
  const body = await getObjectStream(key);
  if (!body) throw new Error(`Object ${key} does not exist`);
  return body;
}

/** The object's bytes, or undefined when it does not exist. */
export async function getObjectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function putObject(
  key: string,
  body: string | Uint8Array,
  options: { contentType?: string; contentEncoding?: string } = {},
): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ...(options.contentType ? { ContentType: options.contentType } : {}),
      ...(options.contentEncoding ? { ContentEncoding: options.contentEncoding } : {}),
    }),
  );
}

/**
 * CopyObject's source as S3 decodes it: `<bucket>/<key>`, each key segment percent-encoded (RFC 3986),
 * the slashes kept. The SDK sends it as given.
 */
export function copySource(fromKey: string): string {
  return `${bucket()}/${fromKey.split('/').map(escapeUri).join('/')}`;
}

/** Server-side copy within the bucket; a missing source rejects with the SDK's NoSuchKey. */
export async function copyObject(fromKey: string, toKey: string): Promise<void> {
  await s3().send(new CopyObjectCommand({ Bucket: bucket(), Key: toKey, CopySource: copySource(fromKey) }));
}

/** Deletes objects; deleting a missing key succeeds, as in S3. */
export async function deleteObjects(keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }))));
}

/** Every key under a prefix (ListObjectsV2, 1,000 a page). */
export async function listObjectKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of paginateListObjectsV2({ client: s3() }, { Bucket: bucket(), Prefix: prefix })) {
    for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
  }
  return keys;
}

/**
 * Whether an object exists, read with a one-key listing rather than HEAD: without s3:ListBucket, S3
 * answers HEAD of a missing key with 403 instead of 404, and the listing's grant is limited to the
 * prefixes the code reaches. The exact key sorts before every longer key it is a prefix of.
 */
export async function objectExists(key: string): Promise<boolean> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: key, MaxKeys: 1 }));
  return out.Contents?.[0]?.Key === key;
}

/** A presigned GET; `disposition` becomes the response's content-disposition. */
export function presignGetObject(
  key: string,
  expiresInSeconds: number,
  disposition?: string,
): Promise<string> {
  return getSignedUrl(
    s3Presigner(),
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ...(disposition ? { ResponseContentDisposition: disposition } : {}),
    }),
    { expiresIn: expiresInSeconds },
  );
}

/**
 * A presigned PUT. The length is signed, so S3 refuses a body of any other size; the content type is
 * not signed (browsers may add a charset) but should be sent as given.
 */
export function presignPutObject(
  key: string,
  expiresInSeconds: number,
  contentLength: number,
  contentType?: string,
): Promise<string> {
  return getSignedUrl(
    s3Presigner(),
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      ContentLength: contentLength,
      ...(contentType ? { ContentType: contentType } : {}),
    }),
    { expiresIn: expiresInSeconds },
  );
}

/**
 * A presigned GET that makes browsers save the body under `fileName`. S3 refuses header values outside
 * ISO-8859-1, so the plain `filename` is an ASCII stand-in (accents dropped, anything else `_`) and
 * the real name travels in `filename*` (RFC 6266), which browsers prefer.
 */
export function presignDownload(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
  return presignGetObject(key, expiresInSeconds, attachmentDisposition(fileName));
}

export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${escapeUri(fileName)}`;
}

/** RFC 3986 encoding (encodeURIComponent leaves !'()* alone). */
function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
