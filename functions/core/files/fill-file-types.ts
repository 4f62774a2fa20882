import { fileTypesOf, listModelFiles } from '../../data/model-files';
import { getModel, type ModelRecord, modelPut } from '../../data/models';
import { ConditionFailedError, runTransaction } from '../../data/transactions';
import { logger } from '../../lib/observability';
import { type CatalogueProjection, createProjection } from '../catalogue/projection';
import { catalogueChange } from '../models/model-writes';
import { entriesWithUnknownFileTypes } from '../options/option-usage';

/** Entries filled per run at most (the compaction job runs every 15 minutes). */
const MAX_PER_RUN = 2000;
/** Entries written in parallel: each is one small transaction. */
const CONCURRENCY = 8;

export interface FillResult {
  /** Entries whose file types were written. */
  filled: number;
  /** Entries written by someone else meanwhile: the next run looks at them again. */
  skipped: number;
  /** Whether entries were left unknown (the run's limit or deadline, or skipped ones). */
  more: boolean;
}

let sharedProjection: CatalogueProjection | undefined;

/**
 * Writes the file types of entries whose catalogue state does not know them (model items written
 * before `fileTypes` was kept, with files): until none is left File Types are not counted
 * (option-usage.ts), since a count that misses an entry would let Delete remove a type in use.
 *
 * The catalogue projection says which entries those are (no Scan). Per entry: its files are read, and
 * the model item takes their file types with the next rev (its modification stamp unchanged: nobody
 * edited it) together with its catalogue change, conditional on the rev it was read at, so a
 * concurrent write wins and the entry is looked at again by the next run. Resumable by construction:
 * a filled entry is known and never found again. Run after every catalogue compaction
 * (jobs/compact-catalogue.ts), so a stack upgraded with older entries heals on its own.
 */
export async function fillUnknownFileTypes(
  options: { deadline?: number; projection?: CatalogueProjection; now?: () => number; limit?: number } = {},
): Promise<FillResult> {
  const now = options.now ?? Date.now;
  sharedProjection ??= createProjection();
  const projection = options.projection ?? sharedProjection;
  const limit = options.limit ?? MAX_PER_RUN;
  const uuids = entriesWithUnknownFileTypes(await projection.current(), limit + 1);
  const batch = uuids.slice(0, limit);
  let filled = 0;
  let skipped = 0;
  let next = 0;
  const workers = Array.from({ length: Math.min(CONCURRENCY, batch.length) }, async () => {
    while (next < batch.length) {
      if (options.deadline !== undefined && now() > options.deadline) return;
      const uuid = batch[next++] as string;
      if (await fillEntry(uuid)) filled++;
      else skipped++;
    }
  });
  await Promise.all(workers);
  const more = uuids.length > filled;
  if (filled + skipped > 0) logger.info('File types filled', { filled, skipped, more });
  return { filled, skipped, more };
}

/** The next state of an entry with its file types: the next rev, nothing else changed. */
export function withFileTypes(model: ModelRecord, fileTypes: string[]): ModelRecord {
  return { ...model, fileTypes, rev: model.rev + 1 };
}

async function fillEntry(uuid: string): Promise<boolean> {
  // The entry first: a file write after this read bumps its rev, and then the Put below fails.
  const model = await getModel(uuid);
  if (!model) return false;
  const files = await listModelFiles(uuid);
  const next = withFileTypes(model, fileTypesOf(files));
  try {
    await runTransaction([modelPut(next, model.rev), catalogueChange(next)]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}
