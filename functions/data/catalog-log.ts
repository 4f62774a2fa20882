import { gunzipSync, gzipSync } from 'node:zlib';
import type { CatalogEntry } from '@shared/schemas/catalog';
import { CatalogEntrySchema } from '@shared/schemas/catalog';
import { logger } from '../lib/logger';
import { CATALOG_CHANGE_PREFIX, CATALOG_PK } from './catalog-changes';
import { ddb } from './clients';
import { QueryCommand } from './dynamodb';
import { getObjectBytes, putObject } from './file-objects';
import { batchWriteAll, tableName } from './table';

/**
 * READ side of the catalogue projection (docs/data-model.md, "Catalogue search"): the change log
 * `CATALOG / CHANGE#<ulid>` (written by `catalog-changes.ts` inside every model transaction) and the
 * snapshot `catalog/snapshot.json.gz` in the files bucket. The write side owns the item shape:
 * `{ pk: 'CATALOG', sk: 'CHANGE#<ulid>', entry: CatalogEntry }`.
 */
const CHANGE_PREFIX = CATALOG_CHANGE_PREFIX;
/** Sorts after every ULID character (Crockford base32), closing the CHANGE# key range. */
const CHANGE_RANGE_END = `${CHANGE_PREFIX}~`;
export const SNAPSHOT_KEY = 'catalog/snapshot.json.gz';

export interface CatalogChangeRecord {
  id: string;
  entry: CatalogEntry;
}

export interface CatalogSnapshot {
  /** The newest change id folded into `entries` ('' when none). */
  lastChangeId: string;
  entries: CatalogEntry[];
}

/**
 * Changes with an id strictly greater than `afterId` ('' = all), oldest first. Strongly consistent, so
 * a write that returned is visible to the next search (read-your-writes).
 */
export async function listChangesAfter(afterId: string): Promise<CatalogChangeRecord[]> {
  return (await readChangesAfter(afterId, Number.POSITIVE_INFINITY)).changes;
}

/**
 * Like listChangesAfter, but stops after `maxPages` Query pages (1 MB each); `complete` tells whether
 * everything was read. A projection far behind reloads the snapshot instead of replaying a backlog.
 */
export async function readChangesAfter(
  afterId: string,
  maxPages: number,
): Promise<{ changes: CatalogChangeRecord[]; complete: boolean }> {
  const changes: CatalogChangeRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  let pages = 0;
  do {
    if (pages++ >= maxPages) return { changes, complete: false };
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': CATALOG_PK,
          // BETWEEN is inclusive: the id's successor string starts the range.
          ':from': `${CHANGE_PREFIX}${afterId}\u0000`,
          ':to': CHANGE_RANGE_END,
        },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) {
      const change = fromChangeItem(item);
      if (change) changes.push(change);
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return { changes, complete: true };
}

function fromChangeItem(item: Record<string, unknown>): CatalogChangeRecord | undefined {
  const sk = String(item.sk ?? '');
  const parsed = CatalogEntrySchema.safeParse(item.entry);
  if (!parsed.success) {
    // One malformed change must not take the whole catalogue down; it is reported and skipped.
    logger.error('Skipping a malformed catalogue change', { sk, issues: parsed.error.issues.slice(0, 3) });
    return undefined;
  }
  return { id: sk.slice(CHANGE_PREFIX.length), entry: parsed.data };
}

/** The latest snapshot, or undefined when none was written yet. */
export async function getCatalogSnapshot(): Promise<CatalogSnapshot | undefined> {
  const bytes = await getObjectBytes(SNAPSHOT_KEY);
  if (!bytes) return undefined;
  // Written by putCatalogSnapshot from validated entries: parsing each of 100,000 again costs
  // hundreds of milliseconds of cold start for nothing.
  const snapshot = JSON.parse(gunzipSync(bytes).toString('utf8')) as CatalogSnapshot;
  if (typeof snapshot.lastChangeId !== 'string' || !Array.isArray(snapshot.entries))
    throw new Error(`${SNAPSHOT_KEY} is not a catalogue snapshot`);
  return snapshot;
}

export async function putCatalogSnapshot(snapshot: CatalogSnapshot): Promise<number> {
  const body = gzipSync(Buffer.from(JSON.stringify(snapshot), 'utf8'), { level: 6 });
  await putObject(SNAPSHOT_KEY, body, { contentType: 'application/json', contentEncoding: 'gzip' });
  return body.byteLength;
}

/** Deletes the changes with an id strictly below `beforeId`; returns how many. */
export async function deleteChangesBefore(beforeId: string): Promise<number> {
  let deleted = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': CATALOG_PK,
          ':from': CHANGE_PREFIX,
          ':to': `${CHANGE_PREFIX}${beforeId}`,
        },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    const keys = (out.Items ?? []).filter((item) => item.sk !== `${CHANGE_PREFIX}${beforeId}`);
    await batchWriteAll(keys.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
    deleted += keys.length;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return deleted;
}
