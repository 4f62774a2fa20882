import { presignPutObject } from './file-objects';
import { parameterFileKey } from './storage-keys';

/**
 * Files uploaded as the value of an instance's FILE parameter (spec 001 §5): one object per upload at
 * `parameter-files/<uuid>/<fileId>` (built in storage-keys.ts; re-exported for this module's readers).
 * The value the instance stores is `{ id, name }`, so the key follows from the entry and the id alone.
 */
export { parameterFileKey };

/** A presigned PUT of exactly `size` bytes (the length is signed, so S3 refuses any other body). */
export async function presignParameterFile(
  uuid: string,
  fileId: string,
  size: number,
  expiresInSeconds: number,
): Promise<{ url: string; headers: Record<string, string> }> {
  const contentType = 'application/octet-stream';
  const url = await presignPutObject(parameterFileKey(uuid, fileId), expiresInSeconds, size, contentType);
  return { url, headers: { 'content-type': contentType } };
}
