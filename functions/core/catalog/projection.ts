import { decodeTime, encodeTime } from 'ulid';
import {
  type CatalogChangeRecord,
  getCatalogSnapshot,
  listChangesAfter,
  readChangesAfter,
} from '../../data/catalog-log';
import { logger } from '../../lib/logger';
import { CatalogIndex } from './catalog-index';

/**
 * The catalogue projection of this process (a warm Lambda keeps it between requests).
 * 1. Cold start: load the snapshot, then replay the changes after it.
 * 2. Every request: catch up with one Query on the change log before answering, so a write that
 *    returned is in the next list or search (read-your-writes).
 * Change ids are ULIDs from the writers' clocks and a transaction may commit a little after its id
 * was drawn (or a writer's clock may lag), so the catch-up re-reads the ids of the last
 * CATCH_UP_WINDOW_MS before the previous Query started; re-read changes are skipped per entry by their
 * id, which makes the replay idempotent. When the log is quiet that window is empty and the Query
 * reads nothing but what is newer than the newest id seen.
 */
export const CATCH_UP_WINDOW_MS = 10_000;
/** A catch-up needing more Query pages than this (a bulk seed, a long idle) reloads the snapshot. */
const MAX_CATCH_UP_PAGES = 3;

let index: CatalogIndex | undefined;
/** The newest change id seen ('' before any). */
let cursor = '';
/** When the previous change-log Query started (this process's clock). */
let lastQueryAt = 0;
let running: Promise<CatalogIndex> | undefined;
let queued: Promise<CatalogIndex> | undefined;

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

export function applyChanges(
  target: CatalogIndex,
  changes: readonly CatalogChangeRecord[],
  seen: string,
): string {
  let newest = seen;
  for (const change of changes) {
    target.apply(change.id, change.entry);
    if (change.id > newest) newest = change.id;
  }
  return newest;
}

async function refresh(): Promise<CatalogIndex> {
  if (!index) {
    const started = Date.now();
    const fresh = new CatalogIndex();
    const snapshot = await getCatalogSnapshot();
    if (snapshot) fresh.load(snapshot.entries);
    const loadedAt = Date.now();
    lastQueryAt = loadedAt;
    const changes = await listChangesAfter(replayFrom(snapshot?.lastChangeId ?? ''));
    cursor = applyChanges(fresh, changes, snapshot?.lastChangeId ?? '');
    // The default list order and the Dynamic View's name order are built now, not in a request.
    fresh.order('createdOn');
    fresh.order('name');
    index = fresh;
    logger.info('Catalogue loaded', {
      entries: snapshot?.entries.length ?? 0,
      replayed: changes.length,
      snapshotMs: loadedAt - started,
      totalMs: Date.now() - started,
    });
    return fresh;
  }
  const queryAt = Date.now();
  const { changes, complete } = await readChangesAfter(catchUpFrom(cursor, lastQueryAt), MAX_CATCH_UP_PAGES);
  lastQueryAt = queryAt;
  if (!complete) {
    index = undefined;
    return refresh();
  }
  cursor = applyChanges(index, changes, cursor);
  return index;
}

/**
 * The up-to-date catalogue. Concurrent callers (the local gateway serves several requests in one
 * process) share a refresh; a caller arriving while one runs waits for the next, which starts after
 * its arrival, so it still sees every write that returned before it asked.
 */
export function currentCatalog(): Promise<CatalogIndex> {
  if (!running) {
    running = refresh().finally(() => {
      running = undefined;
    });
    return running;
  }
  if (!queued) {
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return currentCatalog();
      });
  }
  return queued;
}

/** Tests: forget the projection so the next call loads it again. */
export function resetCatalogForTests(): void {
  index = undefined;
  cursor = '';
  lastQueryAt = 0;
}
