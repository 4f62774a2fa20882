import { MESSAGES } from '@shared/messages';
import type { NotificationAction } from '@shared/schemas/notification';
import type { User } from '@shared/schemas/user';
import type { Mail } from '../../lib/mailer';
import { modelLink } from '../models/model-link';
import { fullName } from '../models/model-users';

type Person = Pick<User, 'firstName' | 'lastName' | 'email'>;

/** Subject of the mail that goes with a notification. */
export function notificationSubject(action: NotificationAction, modelName: string): string {
  return action === 'NEW_MODEL_VERSION' ? `New model version: ${modelName}` : `Files modified: ${modelName}`;
}

/**
 * The mail of 'Notify Model Users ?' (000 §4) to one recipient: the action text of the bell menu,
 * the note and the review link (the file tab for file changes, as the menu's 'Click here to review').
 */
export function notificationMail(input: {
  webUrl: string;
  model: { uuid: string; name: string };
  action: NotificationAction;
  userNote: string;
  createdBy: Pick<User, 'firstName' | 'lastName'>;
  to: Person;
}): Mail {
  const { webUrl, model, action } = input;
  const actionText =
    action === 'NEW_MODEL_VERSION' ? MESSAGES.notificationNewVersion : MESSAGES.notificationFilesModified;
  const link = modelLink(webUrl, model.uuid, action === 'FILES_MODIFIED' ? 'folder' : undefined);
  return {
    to: [input.to.email],
    subject: notificationSubject(action, model.name),
    text: [
      `Hello ${input.to.firstName},`,
      '',
      `${fullName(input.createdBy)} ${actionText} "${model.name}".`,
      '',
      'Note:',
      input.userNote,
      '',
      `${MESSAGES.clickToReview}: ${link}`,
    ].join('\n'),
  };
}
