import type { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { env } from '../lib/env';
import { s3 } from './s3-client';

/** Parts of a streamed upload: S3's minimum is 5 MiB (but for the last). */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

/**
 * Streams a body into an object without holding it in memory: lib-storage's Upload sends one PUT when
 * the body fits in one part, otherwise a multipart upload with two parts in flight, aborted on any
 * failure so that no orphaned parts are left to bill.
 */
export async function uploadStream(
  key: string,
  body: Readable,
  contentType: string,
  partBytes = UPLOAD_PART_BYTES,
): Promise<void> {
  await new Upload({
    client: s3(),
    params: { Bucket: env.filesBucket, Key: key, Body: body, ContentType: contentType },
    partSize: partBytes,
    queueSize: 2,
  }).done();
}
