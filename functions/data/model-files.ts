import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { FileVersionSchema } from '@shared/schemas/collaboration';
import { FileNodeSchema } from '@shared/schemas/model-api';
import { fullName } from '@shared/schemas/user';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { queryAll, tableName, withoutKeys } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * File nodes of a model entry: MODEL#<uuid> / FILE#<fileUuid>, with the S3 key of the current body
 * (`models/<uuid>/files/<id>` in the files bucket) and the list of every body the file has had
 * (`versions`: a replacement writes the new body under a new key and keeps the earlier ones). The
 * bodies themselves are in file-objects.ts, so that handlers which only read nodes do not load the S3
 * client.
 */
export const modelFileKey = (uuid: string, fileUuid: string) => ({
  pk: `MODEL#${uuid}`,
  sk: `FILE#${fileUuid}`,
});
/** Object keys are built from validated parts in storage-keys.ts; re-exported for this module's readers. */
export { downloadsPrefix, modelFileObjectKey, modelObjectsPrefix } from './storage-keys';

/** One body of a file, oldest first; the last one is the current body (`s3Key` of the file). */
export const FileVersionRecordSchema = z.object({
  versionNumber: z.int().check(z.positive()),
  action: FileVersionSchema.shape.action,
  isid: z.string(),
  timestamp: z.string(),
  size: z.optional(z.int().check(z.nonnegative())),
  s3Key: z.string(),
});
export type FileVersionRecord = z.infer<typeof FileVersionRecordSchema>;

export const ModelFileRecordSchema = z.extend(FileNodeSchema, {
  modelUuid: z.string(),
  /** Key of the current body; '' for folders. */
  s3Key: z.string(),
  /** Internal users granted access to the file (file sharing, 000 §4). */
  userAccess: z._default(z.array(z.string()), []),
  /** Retiring the entry retires all its files. */
  retired: z.optional(z.boolean()),
  /**
   * Legacy: every body of the file, oldest first, inside the item. Bodies are items of their own now
   * (file-versions.ts); scripts/local/migrate-file-versions.ts moves such a list out and drops it.
   * Absent together with `versionCount` on items written before versions were recorded: such a file
   * has had one body, its current one (core/files/file-versions.ts).
   */
  versions: z.optional(z.array(FileVersionRecordSchema)),
  /** Number of the current body; its history is in the FILEVER# items (file-versions.ts). */
  currentVersion: z.optional(z.int().check(z.positive())),
  /**
   * The body this file was carried from into a new version of the entry (issue 18): its history
   * continues that body's chain, whose entries stay with the earlier version.
   */
  origin: z.optional(
    z.object({ modelUuid: z.string(), fileUuid: z.string(), versionNumber: z.int().check(z.positive()) }),
  ),
  /** Optimistic version of the file item (absent = 0); sharing and file-manager writes check it. */
  rev: z.optional(z.int().check(z.nonnegative())),
});
export type ModelFileRecord = z.infer<typeof ModelFileRecordSchema>;

/** Who changed a file and when, with the name 'Updated By' shows (FileNode `updatedByName`). */
export const updateStamp = (caller: { id: string; firstName: string; lastName: string }, now: string) => ({
  updatedOn: now,
  updatedBy: caller.id,
  updatedByName: fullName(caller) || caller.id,
});

export const FILE_STALE_MESSAGE = 'This file was changed by someone else. Reload it and try again.';

/**
 * The file types over an entry's files, each once and sorted: what the model item keeps in
 * `fileTypes` (models.ts) for the catalogue projection. Folders carry none.
 */
export function fileTypesOf(files: readonly Pick<ModelFileRecord, 'folder' | 'fileTag'>[]): string[] {
  const tags = new Set<string>();
  for (const f of files) if (!f.folder && f.fileTag) tags.add(f.fileTag);
  return [...tags].sort();
}

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
