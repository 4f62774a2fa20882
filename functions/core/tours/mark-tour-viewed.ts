import type { TourParams } from '@shared/schemas/tour';
import { putTourViewed } from '../../data/tours';

/**
 * Records that the caller completed a tour, so it is not shown automatically again.
 * 1. Write the caller's viewed flag (idempotent).
 */
export async function markTourViewed(
  userId: string,
  { type, code }: TourParams,
  now = new Date(),
): Promise<void> {
  await putTourViewed(userId, type, code, now.toISOString());
}
