import type { Notification, NotificationAction, NotificationCreator } from '@shared/schemas/notification';
import { ulid } from 'ulid';
import { listUserConnectionIds } from '../../data/connections';
import { putNotifications } from '../../data/notifications';
import { logger } from '../../lib/observability';
import { pushToConnection } from '../connections/push-to-connection';

export interface NotifyUsersInput {
  /** User ids (ISIDs) of the recipients; duplicates and the creator's own id are ignored. */
  recipients: readonly string[];
  createdBy: NotificationCreator;
  action: NotificationAction;
  userNote: string;
  modelUuid: string;
  modelName?: string;
}

/**
 * Tells users about a change to a model (new version, modified files).
 * 1. Build one notification (a ULID, so lists sort by time) for the distinct recipients.
 * 2. Store one item per recipient (batch write) and, meanwhile, look up the recipients' open
 *    WebSocket connections (the push waits for the store: nobody sees a notification that failed to
 *    be stored, and the lookup does not add a round trip to the delivery time).
 * 3. Push it to each of those connections at once; a failed push is only logged (pushToConnection
 *    forgets gone connections; the client catches up on reconnect).
 */
export async function notifyUsers(input: NotifyUsersInput, now = Date.now()): Promise<Notification> {
  const recipients = [...new Set(input.recipients)].filter((id) => id && id !== input.createdBy.id);
  const notification: Notification = {
    notificationId: ulid(now),
    createdBy: input.createdBy,
    createdOn: new Date(now).toISOString(),
    userNote: input.userNote,
    notificationAction: input.action,
    modelUuid: input.modelUuid,
    ...(input.modelName ? { modelName: input.modelName } : {}),
  };
  if (recipients.length === 0) return notification;
  const connections = Promise.all(
    recipients.map(async (userId) => ({ userId, ids: await listUserConnectionIds(userId) })),
  );
  // Handled here so that a failed store does not leave the lookup's rejection unobserved.
  connections.catch(() => undefined);
  await putNotifications(recipients, notification);
  const targets = await connections.catch((error: unknown) => {
    logger.warn('Notification push failed: no connections', { error });
    return [];
  });
  const message = { type: 'notification', notification } as const;
  const pushes = await Promise.allSettled(
    targets.flatMap(({ userId, ids }) => ids.map((id) => pushToConnection(id, message, userId))),
  );
  for (const push of pushes) {
    if (push.status === 'rejected') logger.warn('Notification push failed', { error: push.reason });
  }
  return notification;
}
