import { MESSAGES } from '@shared/messages';
import type { NotificationAction } from '@shared/schemas/notification';
import type { User } from '@shared/schemas/user';
import { env } from '../../lib/env';
import { loadModelFor } from '../models/model-access';
import { activeUsers, notificationRecipientIds } from '../models/model-people';
import { notificationMail } from './notification-mail';
import { notifyUsers } from './notify-users';
import { MailDeliveryError, sendEach } from './send-mails';

export interface CreateNotificationInput {
  modelUuid: string;
  action: NotificationAction;
  userNote: string;
}

/**
 * 'Notify Model Users ?' after a new version or a file change (000 §4, issue 4 §6).
 * 1. Authorize `edit` on the entry (the people who can make the change being announced).
 * 2. Recipients: the active steward, lead, owners and viewers, minus the caller.
 * 3. Store the notification for each and push it live (notifyUsers); this is the record that counts.
 * 4. Mail each recipient (one mail each). A failed mail loses nothing: the notification is stored.
 *    When every mail failed, answer 502 'Failed to send email notification' (the web app's text),
 *    the notification staying stored and delivered.
 */
export async function createNotification(
  caller: User,
  input: CreateNotificationInput,
  now?: number,
): Promise<{ notificationId: string; recipients: number }> {
  const model = await loadModelFor('edit', input.modelUuid, caller);
  const recipients = (await activeUsers(notificationRecipientIds(model.roles))).filter(
    (u) => u.id !== caller.id,
  );
  const notification = await notifyUsers(
    {
      recipients: recipients.map((u) => u.id),
      createdBy: { id: caller.id, firstName: caller.firstName, lastName: caller.lastName },
      action: input.action,
      userNote: input.userNote,
      modelUuid: model.uuid,
      modelName: model.name,
    },
    // createdOn is when the notification is made, after the reads, so it measures delivery.
    now ?? Date.now(),
  );
  const mails = recipients
    .filter((u) => u.email)
    .map((to) =>
      notificationMail({
        webUrl: env.webUrl,
        model,
        action: input.action,
        userNote: input.userNote,
        createdBy: caller,
        to,
      }),
    );
  const { sent } = await sendEach(mails);
  if (mails.length > 0 && sent === 0) throw new MailDeliveryError(MESSAGES.failedToSendEmailNotification);
  return { notificationId: notification.notificationId, recipients: recipients.length };
}
