import type { ExternalUser } from '@shared/schemas/external-user';
import type { Mail } from '../../lib/mailer';

/** yyyy-MM-dd HH:mm UTC (002 §9, dates in records). */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The registration code mail (issue 20 §2): the only place the code ever appears. The link opens the
 * self-registration page with the e-mail filled in; the code is typed or pasted, never put in a URL
 * (URLs end up in proxy and browser logs).
 */
export function registrationCodeMail(input: {
  webUrl: string;
  user: ExternalUser;
  code: string;
  expiresAt: string;
  registeredByName: string;
}): Mail {
  const { user, code, webUrl } = input;
  const link = `${webUrl.replace(/\/$/, '')}/registration?email=${encodeURIComponent(user.email)}`;
  return {
    to: [user.email],
    subject: 'Your registration code for Model Repository',
    text: [
      `Dear ${user.firstName} ${user.lastName},`,
      '',
      `${input.registeredByName} has registered you for access to Model Repository.`,
      `Open ${link} and request access with this registration code:`,
      '',
      `    ${code}`,
      '',
      `The code can be used once and is valid until ${utc(input.expiresAt)}.`,
      'An administrator reviews your request; you will receive an e-mail once it has been decided.',
    ].join('\n'),
  };
}

/** Mailed to the registering person 14 days before an external user's access ends (issue 20 §9). */
export function accessEndingMail(input: { webUrl: string; to: string; user: ExternalUser }): Mail {
  const { user } = input;
  const link = `${input.webUrl.replace(/\/$/, '')}/externalization/list`;
  return {
    to: [input.to],
    subject: `Access of ${user.firstName} ${user.lastName} to Model Repository ends on ${user.accessEndsOn}`,
    text: [
      `The access you registered for ${user.firstName} ${user.lastName} (${user.email}) ends on ${user.accessEndsOn}.`,
      `After that day it stops by itself. To extend it, open ${link}, select the user and choose 'Extend Access'.`,
    ].join('\n'),
  };
}
