import { PARAMETER_FILES_PREFIX } from '@shared/config/files-bucket';
import { presignPutObject } from './file-objects';

/**
 * Files uploaded as the value of an instance's FILE parameter (spec 001 §5): one object per upload at
 * `parameter-files/<uuid>/<fileId>`. The value the instance stores is `{ id, name }`, so the key
 * follows from the entry and the id alone: a cloned instance's copy of the value still finds the body.
 */
export const parameterFileKey = (uuid: string, fileId: string) =>
  `${PARAMETER_FILES_PREFIX}${uuid}/${fileId}`;

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
