import { compactCatalogue } from '../core/catalogue/catalogue-state';
import { logger } from '../lib/observability';

/**
 * Scheduled (EventBridge, every 15 minutes): folds the catalogue change log into a new snapshot, or
 * skips (and says so in the log) when nothing changed since the last one.
 */
export async function handler(): Promise<void> {
  const result = await compactCatalogue();
  if (!result.skipped) logger.info('Catalogue compacted', { ...result });
}
