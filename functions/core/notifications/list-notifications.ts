import type { NotificationList } from '@shared/schemas/notification';
import { countNotificationsAfter, getLastSeenOn, listLatestNotifications } from '../../data/notifications';

/**
 * The caller's latest notifications for the bell menu.
 * 1. Read when the caller last opened the menu.
 * 2. Read the latest `limit` notifications and count those created since then (key-range Queries).
 * 3. Flag each item as seen or not.
 */
export async function listNotifications(userId: string, limit: number): Promise<NotificationList> {
  const lastSeenOn = await getLastSeenOn(userId);
  const lastSeenMs = lastSeenOn ? Date.parse(lastSeenOn) : undefined;
  const [items, unseenCount] = await Promise.all([
    listLatestNotifications(userId, limit),
    countNotificationsAfter(userId, lastSeenMs),
  ]);
  return {
    items: items.map((n) => ({
      ...n,
      seen: lastSeenMs !== undefined && Date.parse(n.createdOn) <= lastSeenMs,
    })),
    unseenCount,
  };
}
