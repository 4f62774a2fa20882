import { logger } from '../../lib/observability';
import type { CatalogueIndex } from './catalogue-index';
import {
  CATALOG_READER,
  type CatalogueReader,
  catchUpFrom,
  fellBehind,
  foldChanges,
  type LoadedCatalogue,
  loadCatalogue,
} from './catalogue-state';

/**
 * The catalogue projection of this process (a warm Lambda keeps it between requests).
 * 1. Cold start: load the snapshot (prebuilt columns, nothing to index), then replay the changes
 *    after it (catalogue-state.ts).
 * 2. Every request: catch up with one Query on the change log before answering, so a write that
 *    returned is in the next list or search (read-your-writes). The Query re-reads the window before
 *    the previous one while recent changes may still commit (catchUpFrom); re-read changes are skipped
 *    by their entry's rev.
 * 3. Reload instead of catching up when the log cannot bring this copy up to date: more backlog than
 *    MAX_CATCH_UP_PAGES, or a trim marker above the cursor (the instance idled across compactions, and
 *    the changes it missed were deleted).
 */
/** A catch-up needing more Query pages than this (a bulk seed, a long idle) reloads the snapshot. */
const MAX_CATCH_UP_PAGES = 3;

export interface CatalogueProjection {
  /**
   * The up-to-date catalogue. Concurrent callers (the local gateway serves several requests in one
   * process) share a refresh; a caller arriving while one runs waits for the next, which starts after
   * its arrival, so it still sees every write that returned before it asked.
   */
  current(): Promise<CatalogueIndex>;
  /** Forgets the loaded catalogue: the next call loads it again. */
  reset(): void;
}

/** A projection over a store (the data layer's; tests run several over an in-memory one). */
export function createProjection(
  store: CatalogueReader = CATALOG_READER,
  now = Date.now,
): CatalogueProjection {
  let catalogue: LoadedCatalogue | undefined;
  /** When the previous change-log Query started (this process's clock). */
  let lastQueryAt = 0;
  let running: Promise<CatalogueIndex> | undefined;
  let queued: Promise<CatalogueIndex> | undefined;

  async function refresh(): Promise<CatalogueIndex> {
    if (!catalogue) {
      const started = now();
      lastQueryAt = started;
      const loaded = await loadCatalogue(store);
      catalogue = loaded;
      logger.info('Catalogue loaded', {
        source: loaded.source,
        entries: loaded.index.liveCount(),
        replayed: loaded.replayed,
        snapshotMs: loaded.snapshotMs,
        totalMs: now() - started,
      });
      return loaded.index;
    }
    const queryAt = now();
    const read = await store.readChangesAfter(
      catchUpFrom(catalogue.lastChangeId, lastQueryAt),
      MAX_CATCH_UP_PAGES,
    );
    lastQueryAt = queryAt;
    if (!read.complete || fellBehind(catalogue.lastChangeId, read.trimmedBefore)) {
      logger.info('Catalogue reloads', {
        reason: read.complete ? 'log trimmed past the cursor' : 'backlog',
        cursor: catalogue.lastChangeId,
        trimmedBefore: read.trimmedBefore,
      });
      catalogue = undefined;
      return refresh();
    }
    foldChanges(catalogue, read.changes);
    return catalogue.index;
  }

  function current(): Promise<CatalogueIndex> {
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
          return current();
        });
    }
    return queued;
  }

  return {
    current,
    reset: () => {
      catalogue = undefined;
      lastQueryAt = 0;
    },
  };
}

/** This process's projection (module scope: a warm Lambda keeps it between requests). */
const projection = createProjection();

export const currentCatalogue = (): Promise<CatalogueIndex> => projection.current();

/** Tests: forget the projection so the next call loads it again. */
export const resetCatalogueForTests = (): void => projection.reset();
