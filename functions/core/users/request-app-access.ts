import { MESSAGES } from '@shared/messages';
import type { AccessRequestResult } from '@shared/schemas/access-request';
import type { User } from '@shared/schemas/user';
import { releaseAccessRequest, reserveAccessRequest } from '../../data/access-requests';
import { listUsersByType } from '../../data/users';
import { env } from '../../lib/env';
import type { Identity } from '../../lib/identity';
import { sendMail } from '../../lib/mailer';
import { logger } from '../../lib/observability';

export interface RequestAppAccessInput {
  identity: Identity;
  /** The caller's record, when the user is known (typically inactive). */
  user: User | undefined;
  note?: string;
}

/**
 * A signed-in user without access asks the administrators for it (002 §2, access-denied page).
 * 1. Reserve the user's request slot: one request per 10 minutes (409 otherwise).
 * 2. Find the active super users.
 * 3. Mail them 'Access Request', naming the requester.
 * 4. If the mail cannot be sent, free the slot so the user can retry at once.
 */
export async function requestAppAccess(
  input: RequestAppAccessInput,
  now = Date.now(),
): Promise<AccessRequestResult> {
  const { identity, user } = input;
  await reserveAccessRequest(identity.userId, now);
  try {
    const admins = (await listUsersByType('SUPERUSER')).filter((u) => u.active && u.email);
    if (admins.length === 0) throw new Error('No active super user to send the access request to');
    await sendMail({
      to: admins.map((u) => u.email),
      subject: MESSAGES.accessRequestSubject,
      text: accessRequestText(identity, user, input.note),
    });
  } catch (error) {
    await releaseAccessRequest(identity.userId).catch((e) =>
      logger.warn('Could not free the access-request slot', { error: e }),
    );
    throw error;
  }
  return { requestedOn: new Date(now).toISOString() };
}

function accessRequestText(identity: Identity, user: User | undefined, note: string | undefined): string {
  const name = user ? `${user.firstName} ${user.lastName}` : identity.userId;
  const email = user?.email ?? identity.email;
  const state = !user
    ? 'has no user record in Model Repository yet'
    : !user.active
      ? 'has an inactive account'
      : `has an account with status ${user.status ?? 'unknown'}`;
  return [
    'Hello,',
    '',
    `${name} (user id ${identity.userId}${email ? `, ${email}` : ''}) asks for access to Model Repository.`,
    `The user ${state}.`,
    ...(note ? ['', `Note from the user: ${note}`] : []),
    '',
    `You can review the user in the Admin Space: ${env.webUrl}/admin/users`,
  ].join('\n');
}
