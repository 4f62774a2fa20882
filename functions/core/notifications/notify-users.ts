import type { Notification, NotificationAction, NotificationCreator } from '@shared/schemas/notification';
import { ulid } from 'ulid';
import { putNotifications } from '../../data/notifications';
import { logger } from '../../lib/logger';
import { pushToUser } from '../../lib/push';

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
 * 2. Store one item per recipient (batch write).
 * 3. Push it to each recipient's open WebSocket connections; a failed push is only logged (the
 *    client catches up on reconnect).
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
  await putNotifications(recipients, notification);
  const pushes = await Promise.allSettled(
    recipients.map((id) => pushToUser(id, { type: 'notification', notification })),
  );
  for (const push of pushes) {
    if (push.status === 'rejected') logger.warn('Notification push failed', { error: push.reason });
  }
  return notification;
}
