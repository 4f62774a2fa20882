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
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FileVersionSchema } from '@shared/schemas/collaboration';
import { FileNodeSchema } from '@shared/schemas/model-api';
import * as z from 'zod';
import { env } from '../lib/env';
import { ddb } from './clients';
import type { LabeledTxItem } from './models';
import { s3 } from './s3-client';
import { queryAll, tableName, withoutKeys } from './table';

/**
 * File nodes of a model entry: MODEL#<uuid> / FILE#<fileUuid>, with the S3 key of the current body
 * (`models/<uuid>/files/<id>` in the files bucket) and the list of every body the file has had
 * (`versions`: a replacement writes the new body under a new key and keeps the earlier ones). Also the
 * S3 side of files: copies from the upload area, presigned GETs and the streamed zip of "download all".
 */
export const modelFileKey = (uuid: string, fileUuid: string) => ({
  pk: `MODEL#${uuid}`,
  sk: `FILE#${fileUuid}`,
});
export const modelFileObjectKey = (uuid: string, fileUuid: string) => `models/${uuid}/files/${fileUuid}`;
export const modelObjectsPrefix = (uuid: string) => `models/${uuid}/`;
export const downloadsPrefix = (uuid: string) => `downloads/${uuid}/`;
export const downloadObjectKey = (uuid: string, id: string) => `${downloadsPrefix(uuid)}${id}.zip`;

/** One body of a file, oldest first; the last one is the current body (`s3Key` of the file). */
export const FileVersionRecordSchema = z.object({
  versionNumber: z.number().int().positive(),
  action: FileVersionSchema.shape.action,
  isid: z.string(),
  timestamp: z.string(),
  size: z.number().int().nonnegative().optional(),
  s3Key: z.string(),
});
export type FileVersionRecord = z.infer<typeof FileVersionRecordSchema>;

export const ModelFileRecordSchema = FileNodeSchema.extend({
  modelUuid: z.string(),
  /** Key of the current body; '' for folders. */
  s3Key: z.string(),
  /** Internal users granted access to the file (file sharing, 000 §4). */
  userAccess: z.array(z.string()).default([]),
  /** Retiring the entry retires all its files. */
  retired: z.boolean().optional(),
  /**
   * Every body of the file, oldest first. Absent on items written before versions were recorded:
   * such a file has had one body, its current one (core/files/file-versions.ts versionsOf).
   */
  versions: z.array(FileVersionRecordSchema).optional(),
  /** Optimistic version of the file item (absent = 0); sharing and file-manager writes check it. */
  rev: z.number().int().nonnegative().optional(),
});
export type ModelFileRecord = z.infer<typeof ModelFileRecordSchema>;

export const FILE_STALE_MESSAGE = 'This file was changed by someone else. Reload it and try again.';

export function toModelFileItem(file: ModelFileRecord) {
  return { ...modelFileKey(file.modelUuid, file.uuid), entity: 'ModelFile', ...file };
}

export function fromModelFileItem(item: Record<string, unknown>): ModelFileRecord {
  return ModelFileRecordSchema.parse(withoutKeys(item));
}

export async function listModelFiles(uuid: string): Promise<ModelFileRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `MODEL#${uuid}`, ':prefix': 'FILE#' },
    ConsistentRead: true,
  });
  return items.map(fromModelFileItem);
}

/** One file node, or undefined when the entry has no such file. */
export async function getModelFile(uuid: string, fileUuid: string): Promise<ModelFileRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: modelFileKey(uuid, fileUuid), ConsistentRead: true }),
  );
  return Item ? fromModelFileItem(Item) : undefined;
}

export function modelFilePut(file: ModelFileRecord): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toModelFileItem(file),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: 'A file with this id exists already.',
  };
}

/** Replaces a file node (a re-upload under the same path and name, or a retired mark). */
export function modelFileReplace(file: ModelFileRecord): LabeledTxItem {
  return { item: { Put: { TableName: tableName(), Item: toModelFileItem(file) } } };
}

/**
 * Writes a changed file node conditional on the revision it was read at (`expectedRev`, absent = 0)
 * and stores it with the next revision, so a concurrent share and a file-manager save cannot undo each
 * other.
 */
export function modelFileUpdate(file: ModelFileRecord, expectedRev: number): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toModelFileItem({ ...file, rev: expectedRev + 1 }),
        ConditionExpression:
          expectedRev === 0
            ? 'attribute_exists(pk) AND (attribute_not_exists(#rev) OR #rev = :rev)'
            : 'attribute_exists(pk) AND #rev = :rev',
        ExpressionAttributeNames: { '#rev': 'rev' },
        ExpressionAttributeValues: { ':rev': expectedRev },
      },
    },
    conflict: FILE_STALE_MESSAGE,
  };
}

export function modelFileDelete(uuid: string, fileUuid: string): LabeledTxItem {
  return { item: { Delete: { TableName: tableName(), Key: modelFileKey(uuid, fileUuid) } } };
}

/** The other items of an entry's partition (expertise...), by key, for deleting a draft. */
export async function listModelPartitionKeys(uuid: string): Promise<{ pk: string; sk: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `MODEL#${uuid}` },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  return items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
}

export function itemDelete(key: { pk: string; sk: string }): LabeledTxItem {
  return { item: { Delete: { TableName: tableName(), Key: key } } };
}

// ---------- S3 ----------

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
