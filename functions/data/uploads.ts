import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { UPLOADS_PREFIX } from '@shared/config/files-bucket';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { presignPutObject } from './file-objects';
import { tableName, withoutKeys } from './table';

/**
 * Upload tickets: UPLOAD#<uploadId> / META with the caller, the entry (if any) and the expected files.
 * Bodies go to `uploads/<uploadId>/<uploadFileId>` with presigned PUTs; the item and the objects
 * expire (TTL; a bucket lifecycle rule for the prefix).
 */
export const uploadKey = (uploadId: string) => ({ pk: `UPLOAD#${uploadId}`, sk: 'META' });
/** Built from validated parts in storage-keys.ts; re-exported for this module's readers. */
export { uploadObjectKey } from './storage-keys';

export const UploadRecordSchema = z.object({
  uploadId: z.string(),
  createdBy: z.string(),
  modelUuid: z.optional(z.string()),
  createdOn: z.string(),
  expiresAt: z.string(),
  files: z.array(
    z.object({
      uploadFileId: z.string(),
      name: z.string(),
      size: z.int().check(z.nonnegative()),
      contentType: z.optional(z.string()),
      // Under uploads/ only: copying a body reads this key, and the grants of the functions that read
      // tickets name the prefixes their code reaches (shared/config/files-bucket.ts).
      key: z.string().check(z.startsWith(UPLOADS_PREFIX)),
    }),
  ),
});
export type UploadRecord = z.infer<typeof UploadRecordSchema>;

export async function putUpload(upload: UploadRecord, ttlSeconds: number): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...uploadKey(upload.uploadId), entity: 'Upload', ...upload, ttl: ttlSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getUpload(uploadId: string): Promise<UploadRecord | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: uploadKey(uploadId) }));
  if (!Item) return undefined;
  const { ttl: _ttl, ...rest } = withoutKeys(Item);
  return UploadRecordSchema.parse(rest);
}

/** A presigned PUT for one file; the declared length is signed, so a bigger body is refused by S3. */
export async function presignUpload(
  key: string,
  size: number,
  contentType: string | undefined,
  expiresInSeconds: number,
): Promise<{ url: string; headers: Record<string, string> }> {
  const url = await presignPutObject(key, expiresInSeconds, size, contentType);
  return { url, headers: contentType ? { 'content-type': contentType } : {} };
}
