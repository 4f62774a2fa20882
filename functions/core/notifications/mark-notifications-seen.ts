import { putLastSeenOn } from '../../data/notifications';

/**
 * The caller opened the bell menu: everything up to now counts as seen.
 * 1. Store the time as the caller's `lastSeenOn`.
 */
export async function markNotificationsSeen(userId: string, now = new Date()): Promise<void> {
  await putLastSeenOn(userId, now.toISOString());
}
