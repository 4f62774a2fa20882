import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { batchWriteAll, parseItem, queryAll, type TableKey, tableName } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * The journal of a New Model Version under way (issue 18 §1; docs/versions.md "All or nothing"):
 * VERSIONSTAGING / <new entry uuid>, written before the first body is copied and deleted in the
 * transaction that writes the entry (or by the version's own cleanup after a failure). A journal
 * that outlives every function that could still be writing (`STALE_AFTER_MS`) names a version whose
 * function died between staging and commit: the sweeper (functions/jobs/sweep-versions.ts) removes
 * its staged items and copied bodies, unless the entry exists.
 */
export const VERSION_STAGING_PK = 'VERSIONSTAGING';
export const versionStagingKey = (uuid: string) => ({ pk: VERSION_STAGING_PK, sk: uuid });
/** Lambda's longest run is 15 minutes: a journal twice that old has no writer left. */
export const STALE_AFTER_MS = 30 * 60 * 1000;

export const VersionStagingSchema = z.object({
  /** The new entry's uuid: its items are MODEL#<uuid>, its bodies under models/<uuid>/. */
  uuid: z.string(),
  sourceUuid: z.string(),
  startedBy: z.string(),
  startedOn: z.string(),
});
export type VersionStaging = z.infer<typeof VersionStagingSchema>;

export async function putVersionStaging(staging: VersionStaging): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...versionStagingKey(staging.uuid), entity: 'VersionStaging', ...staging },
    }),
  );
}

/** The journal's Delete, in the commit transaction of the version. */
export function versionStagingDelete(uuid: string): LabeledTxItem {
  return { item: { Delete: { TableName: tableName(), Key: versionStagingKey(uuid) } } };
}

export async function deleteVersionStaging(uuid: string): Promise<void> {
  await batchWriteAll([{ DeleteRequest: { Key: versionStagingKey(uuid) } }]);
}

export async function listVersionStaging(): Promise<VersionStaging[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': VERSION_STAGING_PK },
    ConsistentRead: true,
  });
  return items.map((item) => parseItem(VersionStagingSchema, item));
}

export async function deleteItems(keys: readonly TableKey[]): Promise<void> {
  await batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
}
