import type { Context } from 'aws-lambda';
import { compactCatalogue } from '../core/catalogue/catalogue-state';
import { fillUnknownFileTypes } from '../core/files/fill-file-types';
import { logger } from '../lib/observability';

/** The file types' fill stops this long before the function's timeout (or after it, without one). */
const FILL_MARGIN_MS = 10_000;
const FILL_WITHOUT_CONTEXT_MS = 20_000;

/**
 * Scheduled (EventBridge, every 15 minutes): folds the catalogue change log into a new snapshot, or
 * skips (and says so in the log) when nothing changed since the last one. Then writes the file types
 * of entries the catalogue does not know them of (older model items; core/files/fill-file-types.ts),
 * a bounded batch per run, until File Types can be counted.
 */
export async function handler(_event?: unknown, context?: Context): Promise<void> {
  const result = await compactCatalogue();
  if (!result.skipped) logger.info('Catalogue compacted', { ...result });
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline =
    remaining === undefined ? Date.now() + FILL_WITHOUT_CONTEXT_MS : Date.now() + remaining - FILL_MARGIN_MS;
  await fillUnknownFileTypes({ deadline });
}
