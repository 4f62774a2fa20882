import { deleteNotifications } from '../../data/notifications';

/**
 * Removes notifications from the caller's list.
 * 1. Delete the caller's items with these ids. The key contains the caller's id, so an id of
 *    somebody else's notification addresses nothing and changes nothing.
 */
export async function clearNotifications(userId: string, ids: readonly string[]): Promise<void> {
  await deleteNotifications(userId, ids);
}
