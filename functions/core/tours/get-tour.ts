import type { TourDetail, TourParams } from '@shared/schemas/tour';
import { getTourContent, hasViewedTour } from '../../data/tours';
import { NotFoundError } from '../../lib/errors';

/**
 * The tour content and whether the caller has completed it.
 * 1. Read the content and the caller's viewed flag (two key lookups, in parallel).
 * 2. Unknown tour → 404.
 */
export async function getTour(userId: string, { type, code }: TourParams): Promise<TourDetail> {
  const [contentList, viewed] = await Promise.all([
    getTourContent(type, code),
    hasViewedTour(userId, type, code),
  ]);
  if (!contentList) throw new NotFoundError('This guided tour does not exist.');
  return { viewed, contentList };
}
