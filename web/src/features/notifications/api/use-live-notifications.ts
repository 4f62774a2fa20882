import type { Notification, NotificationList } from '@shared/schemas/notification';
import type { WsServerMessage } from '@shared/schemas/websocket';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getConfig } from '../../../config/env';
import { getIdToken } from '../../../lib/auth';
import { openLiveChannel } from '../../../lib/live-channel';
import { notificationsKey } from './notifications';

export function isNotificationMessage(
  message: unknown,
): message is Extract<WsServerMessage, { type: 'notification' }> {
  const m = message as { type?: unknown; notification?: unknown } | null;
  return m?.type === 'notification' && typeof m.notification === 'object' && m.notification !== null;
}

/** Newest `createdOn` among the loaded notifications: what an opening socket asks to catch up from. */
export function newestCreatedOn(lists: readonly (NotificationList | undefined)[]): string | undefined {
  let newest: string | undefined;
  for (const list of lists) {
    for (const n of list?.items ?? []) if (!newest || n.createdOn > newest) newest = n.createdOn;
  }
  return newest;
}

/** A list that loaded empty: everything since the beginning was missed (the server sends at most 100). */
const BEGINNING = new Date(0).toISOString();

/**
 * Where an opening socket asks to catch up from: the newest notification loaded or pushed; the
 * beginning when the lists loaded empty; nothing while no list has loaded (its answer will hold what
 * there is).
 */
export function catchUpSince(
  lists: readonly (NotificationList | undefined)[],
  lastPushed: string | undefined,
): string | undefined {
  const known = newestCreatedOn(lists);
  const newest = lastPushed && (!known || lastPushed > known) ? lastPushed : known;
  return newest ?? (lists.some((list) => list !== undefined) ? BEGINNING : undefined);
}

/**
 * A cached list with a pushed notification in it (newest first, at most `limit` items, one more
 * unseen). A notification the list already holds leaves it unchanged.
 */
export function withPushedNotification(
  list: NotificationList,
  notification: Notification,
  limit: number,
): NotificationList {
  if (list.items.some((n) => n.notificationId === notification.notificationId)) return list;
  return {
    items: [{ ...notification, seen: false }, ...list.items]
      .sort((a, b) => b.createdOn.localeCompare(a.createdOn))
      .slice(0, limit),
    unseenCount: list.unseenCount + 1,
  };
}

/** The `limit` of a notification query key (`['notifications', limit]`). */
const limitOfKey = (key: readonly unknown[]) =>
  typeof key[1] === 'number' ? key[1] : Number.POSITIVE_INFINITY;

/**
 * Keeps the bell live: a pushed notification shows at once in every loaded list (no reload), then
 * the lists are refetched so that they match the server.
 */
export function useLiveNotifications(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const { wsUrl } = getConfig();
    if (!wsUrl) return;
    let lastPushed: string | undefined;
    /**
     * Cancels the notification loads in flight, applies `between` to the cached lists, then refetches
     * them: TanStack Query would join a refetch of a list without data to its load in flight, and a
     * load sent before a notification existed answers without it.
     */
    const reloadLists = (between?: () => void) => {
      void queryClient.cancelQueries({ queryKey: notificationsKey }).then(() => {
        between?.();
        return queryClient.invalidateQueries({ queryKey: notificationsKey });
      });
    };
    const channel = openLiveChannel({
      url: wsUrl,
      getToken: () => getIdToken(),
      getCatchUpSince: () =>
        catchUpSince(
          queryClient.getQueriesData<NotificationList>({ queryKey: notificationsKey }).map(([, d]) => d),
          lastPushed,
        ),
      // Nothing loaded when the socket opened: a list whose request left before a notification was
      // created, and whose answer arrives after the socket opened, would miss it, and the socket,
      // registered after that notification, heard nothing of it. Loading the lists again now that
      // the socket listens closes that gap.
      onListening: (caughtUp) => {
        if (!caughtUp) reloadLists();
      },
      onMessage: (message) => {
        if (!isNotificationMessage(message)) return;
        const { notification } = message;
        lastPushed = notification.createdOn;
        // Loads in flight are cancelled first (reloadLists): one sent before the notification existed
        // would answer without it after it was put in, and the bell's first load, on a page whose own
        // list loaded first, would swallow the refetch.
        reloadLists(() => {
          for (const [key, list] of queryClient.getQueriesData<NotificationList>({
            queryKey: notificationsKey,
          })) {
            if (list)
              queryClient.setQueryData(key, withPushedNotification(list, notification, limitOfKey(key)));
          }
        });
      },
    });
    return () => channel.close();
  }, [enabled, queryClient]);
}
