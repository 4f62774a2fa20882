import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../lib/env';
import { s3 } from './s3-client';

/**
 * The S3 side of files (bodies in the files bucket, keys from model-files.ts): sizes, copies from the
 * upload area, deletes, presigned GETs and the streamed zip of "download all". Kept apart from the
 * file nodes so that a handler which never touches a body does not load the S3 client (~130 kB of
 * bundle, ~30 ms of cold start).
 */

/** Size of an object, or undefined when it does not exist. */
export async function objectSize(key: string): Promise<number | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: env.filesBucket, Key: key }));
    return out.ContentLength ?? 0;
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
    throw error;
  }
}

export async function copyObject(fromKey: string, toKey: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: env.filesBucket,
      Key: toKey,
      CopySource: `${env.filesBucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
}

export async function deleteObjects(keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => s3().send(new DeleteObjectCommand({ Bucket: env.filesBucket, Key: key }))),
  );
}

export async function listObjectKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(
      new ListObjectsV2Command({ Bucket: env.filesBucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export async function openObject(key: string): Promise<Readable> {
  const out = await s3().send(new GetObjectCommand({ Bucket: env.filesBucket, Key: key }));
  if (!out.Body) throw new Error(`Object ${key} has no body`);
  return out.Body as Readable;
}

/** Streams a body into an object (multipart for large bodies) without holding it in memory. */
export async function uploadStream(key: string, body: Readable, contentType: string): Promise<void> {
  await new Upload({
    client: s3(),
    params: { Bucket: env.filesBucket, Key: key, Body: body, ContentType: contentType },
    queueSize: 2,
    partSize: 8 * 1024 * 1024,
  }).done();
}

let presignClient: S3Client | undefined;

/**
 * Presigning client. Checksums only when required: otherwise the SDK signs a CRC32 of an empty body
 * into PUT URLs and browsers' uploads fail.
 */
export function presigner(): S3Client {
  if (!presignClient) {
    const endpoint = env.s3Endpoint;
    presignClient = new S3Client({
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return presignClient;
}

/** A presigned GET that makes browsers save the body under `fileName`. */
export async function presignDownload(
  key: string,
  fileName: string,
  expiresInSeconds: number,
): Promise<string> {
  const safe = fileName.replace(/["\\\r\n]/g, '_');
  return getSignedUrl(
    presigner(),
    new GetObjectCommand({
      Bucket: env.filesBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    }),
    { expiresIn: expiresInSeconds },
  );
}
