import { MESSAGES } from '@shared/messages';
import type { User } from '@shared/schemas/user';
import { type Mail, sendMail } from '../../lib/mailer';
import { logger } from '../../lib/observability';
import { notifyUsers } from '../notifications/notify-users';
import { MailDeliveryError } from '../notifications/send-mails';

export interface AccessRequestDelivery {
  /** False when the e-mail could not be sent and the recipients were told in the app instead. */
  mailSent: boolean;
  /** What the requester is shown when the mail did not go out. */
  message?: string;
}

/**
 * Delivers a model or file access request to the people who may grant it (both 'Request Access'
 * use cases; the caller has reserved the request slot and frees it if this throws).
 * 1. Mail them: the mail carries the grant links.
 * 2. The mail failed (no sender configured, or SES in its sandbox refusing an unverified recipient):
 *    the request still stands. Notify the recipients in the app, with the mail's text (reasons and
 *    grant links) as the note, and tell the requester that the e-mail could not be sent.
 * 3. The notification failed too: nobody was told, so the request fails (502).
 */
export async function deliverAccessRequest(
  input: {
    mail: Mail;
    recipientIds: readonly string[];
    requester: User;
    model: { uuid: string; name: string };
  },
  now = Date.now(),
): Promise<AccessRequestDelivery> {
  try {
    await sendMail(input.mail);
    return { mailSent: true };
  } catch (error) {
    logger.warn('Access request mail failed; notifying the recipients in the app', {
      subject: input.mail.subject,
      error,
    });
  }
  const { requester, model } = input;
  try {
    await notifyUsers(
      {
        recipients: input.recipientIds,
        createdBy: { id: requester.id, firstName: requester.firstName, lastName: requester.lastName },
        action: 'ACCESS_REQUESTED',
        userNote: noteOf(input.mail),
        modelUuid: model.uuid,
        modelName: model.name,
      },
      now,
    );
  } catch (error) {
    logger.error('Access request undelivered: its mail and its in-app notification failed', { error });
    throw new MailDeliveryError(MESSAGES.accessRequestUndelivered);
  }
  return { mailSent: false, message: MESSAGES.accessRequestMailFailed };
}

/** The mail's text without its greeting: who asks for what, the reasons and the grant links. */
function noteOf(mail: Mail): string {
  return `${mail.subject}\n\n${mail.text.replace(/^Hello,?\s*\n+/, '')}`.trim();
}
