import { deleteObjects, listObjectKeys } from '../../data/file-objects';
import { listLineageMoves } from '../../data/lineage-moves';
import { listModelPartitionKeys } from '../../data/model-files';
import { getModel } from '../../data/models';
import { modelObjectsPrefix } from '../../data/storage-keys';
import {
  deleteItems,
  deleteVersionStaging,
  listVersionStaging,
  STALE_AFTER_MS,
} from '../../data/version-staging';
import { logger } from '../../lib/observability';
import { finishLineageMove } from './lineage-move';

/**
 * A move is finished by the request that made it, within the API's 30 seconds; since finishing is
 * idempotent and every write conditional, a sweeper that meets a move still running does no harm.
 */
export const MOVE_STALE_AFTER_MS = 60 * 1000;

export interface SweepOutcome {
  /** Failed versions whose staged items and copied bodies were removed. */
  versionsRemoved: number;
  /** Journals of versions that were committed after all (the entry exists): closed. */
  journalsClosed: number;
  /** Journaled lineage moves finished (or still refused by concurrent edits: `movesLeft`). */
  movesFinished: number;
  movesLeft: number;
}

/**
 * The versions sweeper (scheduled job `sweep-versions`; docs/versions.md "All or nothing" and "Edit
 * Lineage"). Idempotent: a second run finds nothing; each step deletes its journal only after the
 * work it names is done, so a run that stops is continued by the next.
 * 1. New versions whose journal is older than any function could still run (STALE_AFTER_MS): when
 *    the entry does not exist, every item of its partition (staged file nodes and history items) and
 *    every object under its prefix (copied bodies) is removed, then the journal. When it exists, the
 *    commit happened and the journal is closed only.
 * 2. Lineage moves whose journal is older than MOVE_STALE_AFTER_MS: finished (finishLineageMove).
 */
export async function sweepVersions(now = Date.now()): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { versionsRemoved: 0, journalsClosed: 0, movesFinished: 0, movesLeft: 0 };
  const olderThan = (startedOn: string, ms: number) => now - Date.parse(startedOn) >= ms;

  for (const staging of await listVersionStaging()) {
    if (!olderThan(staging.startedOn, STALE_AFTER_MS)) continue;
    if (await getModel(staging.uuid)) {
      outcome.journalsClosed++;
    } else {
      const [keys, objects] = await Promise.all([
        listModelPartitionKeys(staging.uuid),
        listObjectKeys(modelObjectsPrefix(staging.uuid)),
      ]);
      await deleteItems(keys);
      await deleteObjects(objects);
      logger.info('Removed a failed new version', {
        ...staging,
        items: keys.length,
        objects: objects.length,
      });
      outcome.versionsRemoved++;
    }
    await deleteVersionStaging(staging.uuid);
  }

  for (const move of await listLineageMoves()) {
    if (!olderThan(move.startedOn, MOVE_STALE_AFTER_MS)) continue;
    if ((await finishLineageMove(move)) === 'DONE') outcome.movesFinished++;
    else outcome.movesLeft++;
  }
  return outcome;
}
