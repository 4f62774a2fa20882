import type { NotificationList } from '@shared/schemas/notification';
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

/** Newest `createdOn` among the loaded notifications: what a reconnect asks to catch up from. */
export function newestCreatedOn(lists: readonly (NotificationList | undefined)[]): string | undefined {
  let newest: string | undefined;
  for (const list of lists) {
    for (const n of list?.items ?? []) if (!newest || n.createdOn > newest) newest = n.createdOn;
  }
  return newest;
}

/** Keeps the bell live: a pushed notification refreshes every notification query. */
export function useLiveNotifications(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const { wsUrl } = getConfig();
    if (!wsUrl) return;
    let lastPushed: string | undefined;
    const channel = openLiveChannel({
      url: wsUrl,
      getToken: () => getIdToken(),
      getCatchUpSince: () => {
        const lists = queryClient
          .getQueriesData<NotificationList>({ queryKey: notificationsKey })
          .map(([, d]) => d);
        const known = newestCreatedOn(lists);
        return lastPushed && (!known || lastPushed > known) ? lastPushed : known;
      },
      onMessage: (message) => {
        if (!isNotificationMessage(message)) return;
        lastPushed = message.notification.createdOn;
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
      },
    });
    return () => channel.close();
  }, [enabled, queryClient]);
}
