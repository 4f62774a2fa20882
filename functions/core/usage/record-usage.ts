import { monthOf, type UsageKind } from '@shared/schemas/usage';
import { addUsage, markOpened } from '../../data/usage';
import { logger } from '../../lib/observability';

/**
 * Counts one use of a model entry for the admin usage page (issue 20 §8): an opened detail page
 * ('views'), a download ('downloads', one per file), started runs ('runs'). Called by the request that
 * did the counted thing after it succeeded, so the page needs no scan of anything. Counts carry no user
 * id, so they are kept whether or not the site's analytics tracking is enabled (that setting governs
 * the browser's events, docs/usage-analytics.md).
 *
 * A count that cannot be written is logged and dropped: the user's request never fails for it.
 */
export async function recordUsage(
  modelUuid: string,
  kind: UsageKind,
  count = 1,
  now: number = Date.now(),
): Promise<void> {
  if (count <= 0) return;
  const month = monthOf(now);
  try {
    await Promise.all([
      addUsage(modelUuid, kind, count, month),
      kind === 'views' ? markOpened(modelUuid, month) : undefined,
    ]);
  } catch (error) {
    logger.warn('Usage not counted', { modelUuid, kind, error });
  }
}
