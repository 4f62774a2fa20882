import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { Notification, NotificationAction, NotificationList } from '@shared/schemas/notification';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { apiClient } from '../../../lib/api-client';
import { notify } from '../../../lib/message-stack';

export const notificationsKey = ['notifications'] as const;
export const NOTIFICATION_PAGE_LIMIT = 100;

/**
 * 000 §2: NEW_MODEL_VERSION has its own text; every other action is a file change, except an access
 * request whose e-mail could not be sent (the note says who asks for what).
 */
export function notificationActionText(action: NotificationAction | string): string {
  if (action === 'NEW_MODEL_VERSION') return MESSAGES.notificationNewVersion;
  if (action === 'ACCESS_REQUESTED') return MESSAGES.notificationAccessRequested;
  return MESSAGES.notificationFilesModified;
}

/** 'Click here to review': the model detail, on the folder tab for file changes. */
export function reviewHref(n: Pick<Notification, 'modelUuid' | 'notificationAction'>): string {
  return paths.modelDetail.getHref(
    n.modelUuid,
    n.notificationAction === 'NEW_MODEL_VERSION' || n.notificationAction === 'ACCESS_REQUESTED'
      ? undefined
      : 'folder',
  );
}

export const creatorName = (n: Pick<Notification, 'createdBy'>) =>
  `${n.createdBy.firstName} ${n.createdBy.lastName}`.trim() || n.createdBy.id;

/**
 * GET /v2/notifications?limit=N. Failing loads say 'Failed to load the notification list'. These
 * loads also run by themselves (a pushed notification refetches them), so they do not count as
 * session activity: otherwise a stream of notifications would keep an idle session alive.
 */
export const notificationsQuery = (limit: number = LIMITS.notificationMenuSize) =>
  queryOptions({
    queryKey: [...notificationsKey, limit] as const,
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.call('listNotifications', {
          query: { limit },
          handleErrors: true,
          touchesSession: false,
          signal,
        });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') notify.error(MESSAGES.failedToLoadNotifications);
        throw error;
      }
    },
  });

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: 'all' | string[]) => {
      const list =
        ids === 'all'
          ? (
              await apiClient.call('listNotifications', { query: { limit: NOTIFICATION_PAGE_LIMIT } })
            ).items.map((n) => n.notificationId)
          : ids;
      if (list.length > 0) await apiClient.call('clearNotifications', { body: { ids: list } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** Opening the bell marks everything seen: the dot goes away at once, the server follows. */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call('markNotificationsSeen'),
    onMutate: () => {
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationsKey }, (old) =>
        old ? { unseenCount: 0, items: old.items.map((n) => ({ ...n, seen: true })) } : old,
      );
    },
  });
}
