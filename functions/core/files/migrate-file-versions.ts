import { fileVersionUpsert } from '../../data/file-versions';
import { scanLegacyVersionLists } from '../../data/file-versions-migration';
import { type ModelFileRecord, modelFileUpdate } from '../../data/model-files';
import { ConditionFailedError, MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import { currentVersionOf } from './file-versions';

export interface MigrationResult {
  /** Files whose list became items. */
  migrated: number;
  /** Files changed by someone else while the migration read them: the next run takes them. */
  skipped: number;
  /** Where the last page ended (absent when the table was read to its end). */
  cursor?: string;
}

/**
 * Moves every file's legacy `versions` list into version items (data/file-versions.ts; docs/versions.md
 * "File history"). Idempotent and resumable:
 * - per file, the version items are written first (plain Puts of the same content, so a re-run after
 *   a crash writes them again harmlessly), in transactions of at most 100;
 * - then the file item drops its list and records `currentVersion`, conditional on the revision it
 *   was read at: a file changed meanwhile (a new body written as an item already) is skipped and
 *   taken by the next run; a migrated file has no list and is never read again;
 * - pages of the Scan carry a cursor: `from` resumes a run that stopped, `onPage` reports it.
 */
export async function migrateFileVersions(
  options: { from?: string; onPage?: (cursor: string | undefined, migrated: number) => void } = {},
): Promise<MigrationResult> {
  let cursor = options.from;
  let migrated = 0;
  let skipped = 0;
  do {
    const page = await scanLegacyVersionLists(cursor);
    for (const file of page.files) {
      if (await migrateFile(file)) migrated++;
      else skipped++;
    }
    cursor = page.cursor;
    options.onPage?.(cursor, migrated);
  } while (cursor);
  return { migrated, skipped };
}

async function migrateFile(file: ModelFileRecord): Promise<boolean> {
  const versions = (file.versions ?? []).map((v) =>
    fileVersionUpsert({ ...v, modelUuid: file.modelUuid, fileUuid: file.uuid }),
  );
  for (let i = 0; i < versions.length; i += MAX_TRANSACTION_ITEMS) {
    await runTransaction(versions.slice(i, i + MAX_TRANSACTION_ITEMS));
  }
  const { versions: _list, ...rest } = file;
  try {
    await runTransaction([
      modelFileUpdate({ ...rest, currentVersion: currentVersionOf(file) }, file.rev ?? 0),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}
