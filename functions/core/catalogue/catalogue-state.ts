import { decodeTime, encodeTime } from 'ulid';
import * as catalogueLog from '../../data/catalogue-log';
import { logger } from '../../lib/observability';
import { type CatalogueChange, CatalogueIndex, changeTime, LATER_CODE_COLUMNS } from './catalogue-index';
import { decodeSnapshot, encodeSnapshot } from './snapshot-format';

/**
 * The catalogue as the snapshot plus the change log after it: what a search instance loads at cold
 * start (projection.ts), what the compaction job folds into the next snapshot and what the seed
 * script writes. One loader and one fold for all three (docs/data-model.md, "Catalogue search").
 *
 * Change ids are ULIDs from the writers' clocks; they place a change in the log (a reader's cursor),
 * while the entry's `rev` decides which state wins (catalogue-index.ts). A transaction may commit a
 * little after its id was drawn, so a replay starts CATCH_UP_WINDOW_MS before the newest id folded.
 */
export const CATCH_UP_WINDOW_MS = 10_000;
/** A removed entry's tombstone is kept this long after its removal, then dropped by a compaction. */
export const TOMBSTONE_TTL_MS = 24 * 60 * 60 * 1000;
/** Reads of a snapshot that the log was meanwhile trimmed past, before giving up. */
const LOAD_ATTEMPTS = 3;

/** The lowest id to re-read from: the cursor's time minus the window ('' = everything). */
export function replayFrom(newestSeen: string, windowMs = CATCH_UP_WINDOW_MS): string {
  if (!newestSeen) return '';
  // A 10-character ULID time prefix sorts before every id of that millisecond.
  const ms = Math.max(0, decodeTime(newestSeen.slice(0, 26).padEnd(26, '0')) - windowMs);
  return encodeTime(ms, 10);
}

/**
 * Where the next catch-up starts: after the newest id seen, or earlier if that id is so recent that
 * changes with smaller ids may still have been committing during the previous Query.
 */
export function catchUpFrom(
  newestSeen: string,
  previousQueryAt: number,
  windowMs = CATCH_UP_WINDOW_MS,
): string {
  const unsettled = encodeTime(Math.max(0, previousQueryAt - windowMs), 10);
  return unsettled < newestSeen ? unsettled : newestSeen;
}

/**
 * A reader whose cursor (newest change id seen) is below the log's trim boundary cannot replay from
 * there: the changes between were deleted by a compaction. It must reload the snapshot.
 */
export const fellBehind = (cursor: string, trimmedBefore: string) => trimmedBefore > cursor;

export type SnapshotSource = 'snapshot' | 'legacy' | 'none';

/** What loading the catalogue reads (functions/data/catalogue-log.ts; an in-memory one in tests). */
export type CatalogueReader = Pick<
  typeof catalogueLog,
  'getSnapshotBytes' | 'getLegacySnapshot' | 'readChangesAfter'
>;
/** What compaction also writes: the snapshot, the legacy object's removal and the change-log trim. */
export type CatalogueStore = CatalogueReader &
  Pick<typeof catalogueLog, 'putSnapshotBytes' | 'deleteLegacySnapshot' | 'trimChangesBefore'>;

/*
 * Named functions, not the module namespace: the search functions load the catalogue and never
 * compact it, and a bundle that keeps only the reader drops the writes, and with them the write
 * grants its IAM policy is derived from (cdk/constructs/area-analysis.ts).
 */
export const CATALOG_READER: CatalogueReader = {
  getSnapshotBytes: catalogueLog.getSnapshotBytes,
  getLegacySnapshot: catalogueLog.getLegacySnapshot,
  readChangesAfter: catalogueLog.readChangesAfter,
};
export const CATALOG_STORE: CatalogueStore = {
  getSnapshotBytes: catalogueLog.getSnapshotBytes,
  getLegacySnapshot: catalogueLog.getLegacySnapshot,
  readChangesAfter: catalogueLog.readChangesAfter,
  putSnapshotBytes: catalogueLog.putSnapshotBytes,
  deleteLegacySnapshot: catalogueLog.deleteLegacySnapshot,
  trimChangesBefore: catalogueLog.trimChangesBefore,
};

export interface LoadedCatalogue {
  index: CatalogueIndex;
  /** The newest change id folded in: the snapshot's, then the replay's (the reader's cursor). */
  lastChangeId: string;
  /** The snapshot's own newest change id. */
  snapshotChangeId: string;
  source: SnapshotSource;
  /** Changes of the replay that changed the state (not re-reads of what the snapshot holds). */
  news: number;
  replayed: number;
  snapshotMs: number;
}

/**
 * Folds changes (oldest first) into a loaded catalogue; returns how many changed it. A change counts
 * unless the entry already held its rev; changes from before revs (rev 0) apply in log order and count
 * only when newer than the snapshot.
 */
export function foldChanges(catalogue: LoadedCatalogue, changes: readonly CatalogueChange[]): number {
  let news = 0;
  for (const change of catalogue.index.applyAll(changes)) {
    if ((change.entry.rev ?? 0) > 0 || change.id > catalogue.snapshotChangeId) news++;
  }
  for (const change of changes) if (change.id > catalogue.lastChangeId) catalogue.lastChangeId = change.id;
  catalogue.news += news;
  catalogue.replayed += changes.length;
  return news;
}

async function readSnapshot(
  store: CatalogueReader,
): Promise<{ index: CatalogueIndex; lastChangeId: string; source: SnapshotSource }> {
  const bytes = await store.getSnapshotBytes();
  if (bytes) {
    const columns = decodeSnapshot(bytes);
    return { index: new CatalogueIndex(columns), lastChangeId: columns.lastChangeId, source: 'snapshot' };
  }
  // A stack compacted before format 2 holds only the JSON snapshot, until its next compaction.
  const legacy = await store.getLegacySnapshot();
  if (legacy) {
    // Its entries predate the later columns.
    const index = CatalogueIndex.fromSnapshot({
      ...legacy,
      tombstones: [],
      partial: [...LATER_CODE_COLUMNS],
    });
    return { index, lastChangeId: legacy.lastChangeId, source: 'legacy' };
  }
  return { index: new CatalogueIndex(), lastChangeId: '', source: 'none' };
}

/**
 * 1. Read the latest snapshot (format 2; else the legacy JSON one; else empty).
 * 2. Replay the log from the window before its newest change id.
 * 3. If the log was trimmed past the snapshot meanwhile (two compactions during the load), start over.
 */
export async function loadCatalogue(store: CatalogueReader = CATALOG_READER): Promise<LoadedCatalogue> {
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    const snapshot = await readSnapshot(store);
    const snapshotMs = Date.now() - started;
    const read = await store.readChangesAfter(replayFrom(snapshot.lastChangeId));
    if (fellBehind(snapshot.lastChangeId, read.trimmedBefore)) {
      if (attempt >= LOAD_ATTEMPTS) throw new Error(trimmedPastMessage(snapshot.source));
      logger.warn('Catalogue snapshot older than the trimmed log; reading it again', { attempt });
      continue;
    }
    const catalogue: LoadedCatalogue = {
      index: snapshot.index,
      lastChangeId: snapshot.lastChangeId,
      snapshotChangeId: snapshot.lastChangeId,
      source: snapshot.source,
      news: 0,
      replayed: 0,
      snapshotMs,
    };
    foldChanges(catalogue, read.changes);
    // A long replay left the sort orders to be rebuilt: do it now rather than in a request.
    catalogue.index.order('name');
    return catalogue;
  }
}

/**
 * Compaction trims the log only after writing a snapshot, so a trimmed log without a readable snapshot
 * means the snapshot exists but this function may not read it (catalogue-log.ts takes a refused read
 * for a missing one): serving the log alone would drop every entry folded before the trim.
 */
function trimmedPastMessage(source: SnapshotSource): string {
  return source === 'none'
    ? `The catalogue change log was trimmed but no snapshot could be read: check that this function may read ${catalogueLog.SNAPSHOT_KEY} (s3:GetObject on catalog/*, s3:ListBucket for catalog/)`
    : 'The catalogue log keeps being trimmed past its snapshot';
}

/** The snapshot bytes of a loaded catalogue (tombstones older than TOMBSTONE_TTL_MS dropped). */
export function snapshotBytesOf(catalogue: LoadedCatalogue): Buffer {
  const horizon = changeTime(catalogue.lastChangeId) - TOMBSTONE_TTL_MS;
  return encodeSnapshot(
    CatalogueIndex.columnsOf(catalogue.index.toSnapshot(catalogue.lastChangeId, horizon)),
  );
}

/** Writes the catalogue's snapshot; returns its compressed size and entry count. */
export async function writeSnapshot(
  catalogue: LoadedCatalogue,
  store = CATALOG_STORE,
): Promise<{ bytes: number; entries: number }> {
  const bytes = await store.putSnapshotBytes(snapshotBytesOf(catalogue));
  return { bytes, entries: catalogue.index.liveCount() };
}

export interface CompactionResult {
  /** True when nothing changed since the snapshot: no object was written, nothing trimmed. */
  skipped: boolean;
  entries: number;
  lastChangeId: string;
  snapshotBytes: number;
  deletedChanges: number;
}

/**
 * Compaction (scheduled every 15 minutes in AWS; `npm run catalogue:compact` locally).
 * 1. Load the catalogue: the previous snapshot and the changes after it.
 * 2. Nothing changed since that snapshot: stop (no new object, nothing trimmed).
 * 3. Write the new snapshot (it records the newest change id it contains).
 * 4. Trim the log below the PREVIOUS snapshot (less the catch-up window), marker first: a projection
 *    that loaded the previous snapshot a moment ago may still replay from there, and one that fell
 *    further behind finds the marker and reloads.
 */
export async function compactCatalogue(store = CATALOG_STORE): Promise<CompactionResult> {
  const catalogue = await loadCatalogue(store);
  if (catalogue.source !== 'legacy' && catalogue.news === 0) {
    const entries = catalogue.index.liveCount();
    logger.info('Catalogue compaction skipped: nothing changed since the snapshot', {
      entries,
      lastChangeId: catalogue.snapshotChangeId,
      replayed: catalogue.replayed,
    });
    return {
      skipped: true,
      entries,
      lastChangeId: catalogue.snapshotChangeId,
      snapshotBytes: 0,
      deletedChanges: 0,
    };
  }
  const { bytes, entries } = await writeSnapshot(catalogue, store);
  if (catalogue.source === 'legacy') await store.deleteLegacySnapshot();
  const deletedChanges = catalogue.snapshotChangeId
    ? await store.trimChangesBefore(replayFrom(catalogue.snapshotChangeId))
    : 0;
  return {
    skipped: false,
    entries,
    lastChangeId: catalogue.lastChangeId,
    snapshotBytes: bytes,
    deletedChanges,
  };
}
