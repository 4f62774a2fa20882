import { gunzipSync, gzipSync } from 'node:zlib';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CATALOG_PREFIX } from '@shared/config/files-bucket';
import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { CatalogueEntrySchema } from '@shared/schemas/catalogue';
import { logger } from '../lib/observability';
import { CATALOG_CHANGE_PREFIX, CATALOG_PK } from './catalogue-changes';
import { ddb } from './dynamodb-client';
import { deleteObjects, getObjectBytes, putObject } from './file-objects';
import { batchWriteAll, queryPages, tableName } from './table';

/**
 * READ side of the catalogue projection (docs/data-model.md, "Catalogue search"): the change log
 * `CATALOG / CHANGE#<ulid>` (written by `catalogue-changes.ts` inside every model transaction) and the
 * snapshot `catalog/snapshot.v2.bin.gz` in the files bucket (bytes from core/catalogue/snapshot-format.ts,
 * gzipped here). The write side owns the change item's shape:
 * `{ pk: 'CATALOG', sk: 'CHANGE#<ulid>', entry: CatalogueEntry }`.
 *
 * Trimming leaves a marker at the boundary, `CATALOG / CHANGE#<boundary>` (entity CatalogueTrim, the
 * boundary being a ULID time prefix): every change below it is gone. It sorts inside the change range,
 * so the Query of a projection whose cursor is below the boundary returns it, and the projection
 * knows it cannot replay from there (it reloads the snapshot).
 */
const CHANGE_PREFIX = CATALOG_CHANGE_PREFIX;
/** Sorts after every ULID character (Crockford base32), closing the CHANGE# key range. */
const CHANGE_RANGE_END = `${CHANGE_PREFIX}~`;
export const SNAPSHOT_KEY = `${CATALOG_PREFIX}snapshot.v2.bin.gz`;
/** The JSON snapshot of format 1: read when no v2 snapshot exists yet, deleted by the next compaction. */
export const LEGACY_SNAPSHOT_KEY = `${CATALOG_PREFIX}snapshot.json.gz`;
const TRIM_ENTITY = 'CatalogTrim';

export interface CatalogueChangeRecord {
  id: string;
  entry: CatalogueEntry;
}

export interface ChangeRead {
  /** Oldest first. */
  changes: CatalogueChangeRecord[];
  /** False when `maxPages` ran out before the end of the log. */
  complete: boolean;
  /** The highest trim boundary met in the range read ('' when none): changes below it are gone. */
  trimmedBefore: string;
}

/**
 * Changes with an id strictly greater than `afterId` ('' = all), oldest first, stopping after
 * `maxPages` Query pages (1 MB each). Strongly consistent, so a write that returned is visible to the
 * next search (read-your-writes).
 */
export async function readChangesAfter(
  afterId: string,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<ChangeRead> {
  const changes: CatalogueChangeRecord[] = [];
  let trimmedBefore = '';
  let pages = 0;
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': CATALOG_PK,
      // BETWEEN is inclusive: the id's successor string starts the range.
      ':from': `${CHANGE_PREFIX}${afterId}\u0000`,
      ':to': CHANGE_RANGE_END,
    },
    ConsistentRead: true,
  })) {
    for (const item of page.Items ?? []) {
      if (item.entity === TRIM_ENTITY) {
        const boundary = String(item.trimmedBefore ?? '');
        if (boundary > trimmedBefore) trimmedBefore = boundary;
        continue;
      }
      const change = fromChangeItem(item);
      if (change) changes.push(change);
    }
    if (++pages >= maxPages && page.LastEvaluatedKey) return { changes, complete: false, trimmedBefore };
  }
  return { changes, complete: true, trimmedBefore };
}

function fromChangeItem(item: Record<string, unknown>): CatalogueChangeRecord | undefined {
  const sk = String(item.sk ?? '');
  const parsed = CatalogueEntrySchema.safeParse(item.entry);
  if (!parsed.success) {
    // One malformed change must not take the whole catalogue down; it is reported and skipped.
    logger.error('Skipping a malformed catalogue change', { sk, issues: parsed.error.issues.slice(0, 3) });
    return undefined;
  }
  return { id: sk.slice(CHANGE_PREFIX.length), entry: parsed.data };
}

/**
 * S3's answer to a GET of a missing key from a caller without `s3:ListBucket` (GetObject's API
 * reference: 404 NoSuchKey only with that permission, else 403 AccessDenied), as the SDK raises it.
 */
function isAccessDenied(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name === 'AccessDenied' &&
    error.$metadata.httpStatusCode === 403
  );
}

/**
 * A snapshot object's bytes, or undefined when S3 says it is missing (404) or refuses the read (403).
 * The functions hold `s3:ListBucket` on `catalog/` (cdk/constructs/area-grants.ts), so a missing
 * snapshot answers 404; a 403 is read as "no snapshot" too, so that the first model list of a fresh
 * stack works whichever answer its role gets. That is safe because a snapshot is only needed once
 * the change log was trimmed, and compaction trims only after writing one: a load that finds no
 * snapshot but a trimmed log fails (catalogue-state.ts, loadCatalogue) instead of serving a partial
 * catalogue, and a compaction that found none trims nothing.
 */
async function getCatalogueObject(key: string): Promise<Buffer | undefined> {
  try {
    return await getObjectBytes(key);
  } catch (error) {
    if (!isAccessDenied(error)) throw error;
    logger.warn('Reading a catalogue snapshot was refused (403); taking it as not written yet', { key });
    return undefined;
  }
}

/** The latest snapshot's bytes (decompressed), or undefined when none was written yet. */
export async function getSnapshotBytes(): Promise<Buffer | undefined> {
  const body = await getCatalogueObject(SNAPSHOT_KEY);
  return body ? gunzipSync(body) : undefined;
}

/** Stores a snapshot's bytes; returns the compressed size. */
export async function putSnapshotBytes(bytes: Uint8Array): Promise<number> {
  // Level 6 compresses 100,000 entries in about a second; higher levels save little on typed columns.
  const body = gzipSync(bytes, { level: 6 });
  await putObject(SNAPSHOT_KEY, body, { contentType: 'application/gzip' });
  return body.byteLength;
}

export interface LegacySnapshot {
  lastChangeId: string;
  entries: CatalogueEntry[];
}

/** The format-1 JSON snapshot, if a stack still has one. */
export async function getLegacySnapshot(): Promise<LegacySnapshot | undefined> {
  const bytes = await getCatalogueObject(LEGACY_SNAPSHOT_KEY);
  if (!bytes) return undefined;
  const snapshot = JSON.parse(gunzipSync(bytes).toString('utf8')) as LegacySnapshot;
  if (typeof snapshot.lastChangeId !== 'string' || !Array.isArray(snapshot.entries))
    throw new Error(`${LEGACY_SNAPSHOT_KEY} is not a catalogue snapshot`);
  return snapshot;
}

export async function deleteLegacySnapshot(): Promise<void> {
  await deleteObjects([LEGACY_SNAPSHOT_KEY]);
}

/**
 * Trims the log below `boundary` (a ULID time prefix): first the marker at the boundary, then the
 * deletes (older markers included), so that a projection reading the log at any moment in between
 * either still finds every change it needs or sees the marker. Returns how many changes were deleted.
 */
export async function trimChangesBefore(boundary: string): Promise<number> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: CATALOG_PK,
        sk: `${CHANGE_PREFIX}${boundary}`,
        entity: TRIM_ENTITY,
        trimmedBefore: boundary,
        trimmedOn: new Date().toISOString(),
      },
    }),
  );
  let deleted = 0;
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': CATALOG_PK,
      ':from': CHANGE_PREFIX,
      ':to': `${CHANGE_PREFIX}${boundary}`,
    },
    ProjectionExpression: 'pk, sk, entity',
  })) {
    const keys = (page.Items ?? []).filter((item) => item.sk !== `${CHANGE_PREFIX}${boundary}`);
    await batchWriteAll(keys.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
    deleted += keys.filter((item) => item.entity !== TRIM_ENTITY).length;
  }
  return deleted;
}
