import { REGISTRATION_TEXTS } from '@shared/schemas/registration';
import type { Mail } from '../../lib/mailer';

/**
 * The mails of the registration review (issue 20 §3), both with the subject 'Access request
 * reviewed' (002 §8). Pure: the web address comes in, so unit tests check the exact text. The
 * temporary password is not in here: Cognito's own invitation carries it (functions/lib/
 * cognito-users.ts), so it never passes through our code or logs.
 */
interface Person {
  email: string;
  firstName: string;
}

export function approvedMail(input: { webUrl: string; person: Person; username: string }): Mail {
  const { webUrl, person, username } = input;
  return {
    to: [person.email],
    subject: REGISTRATION_TEXTS.reviewed,
    text: [
      `Dear ${person.firstName},`,
      '',
      'your request for access to Model Repository has been approved.',
      '',
      `Your user name is ${username}. A separate e-mail brings your temporary password; when you sign in`,
      `for the first time at ${webUrl}/login you will be asked to choose your own password.`,
      '',
      'Model Repository',
    ].join('\n'),
  };
}

export function rejectedMail(input: { person: Person; reason: string }): Mail {
  const { person, reason } = input;
  return {
    to: [person.email],
    subject: REGISTRATION_TEXTS.reviewed,
    text: [
      `Dear ${person.firstName},`,
      '',
      'your request for access to Model Repository has not been approved.',
      '',
      `Reason: ${reason}`,
      '',
      'If you think this is a mistake, please contact the person who registered you.',
      '',
      'Model Repository',
    ].join('\n'),
  };
}
