import { compactCatalog } from '../core/catalog/catalog-state';
import { logger } from '../lib/logger';

/** Scheduled (EventBridge, every 15 minutes): folds the catalogue change log into a new snapshot. */
export async function handler(): Promise<void> {
  const result = await compactCatalog();
  logger.info('Catalogue compacted', { ...result });
}
