import { MESSAGES } from '@shared/messages';
import type { AccessRequestResult } from '@shared/schemas/access-request';
import { fullName, type User } from '@shared/schemas/user';
import { releaseAccessRequest, reserveAccessRequest } from '../../data/access-requests';
import { listUsersByType } from '../../data/users';
import { env } from '../../lib/env';
import { ConflictError } from '../../lib/errors';
import type { Identity } from '../../lib/identity';
import { sendMail } from '../../lib/mailer';
import { logger } from '../../lib/observability';
import { mayEnter } from './authenticate';

export interface RequestAppAccessInput {
  identity: Identity;
  /** The caller's record, when the user is known (typically inactive). */
  user: User | undefined;
  note?: string;
}

/** A user who may use the application has nothing to ask for (issue 9 §5). */
export const ALREADY_HAS_APP_ACCESS =
  'Your account already has access to Model Repository, so no access request was sent. Reload the page to continue.';

/**
 * The admin pages the mail links to: the user's detail page, or the internal users list (where a user
 * without a record is enrolled). They mirror `adminUserDetail` and `adminUsers` of
 * web/src/config/paths.ts; a unit test holds the two together.
 */
export const adminUserLink = (webUrl: string, userId: string | undefined) =>
  userId ? `${webUrl}/admin/user/${encodeURIComponent(userId)}/detail` : `${webUrl}/admin/user`;

/**
 * A signed-in user without access asks the administrators for it (002 §2, access-denied page).
 * 1. A user who may use the application already (the rule of authenticate) gets 409 and no mail.
 * 2. Reserve the user's request slot: one request per 10 minutes (409 otherwise).
 * 3. Find the active super users.
 * 4. Mail them 'Access Request', naming the requester, with a link to the user in the Admin Space.
 * 5. If the mail cannot be sent, free the slot so the user can retry at once.
 */
export async function requestAppAccess(
  input: RequestAppAccessInput,
  now = Date.now(),
): Promise<AccessRequestResult> {
  const { identity, user } = input;
  if (user && mayEnter(user)) throw new ConflictError(ALREADY_HAS_APP_ACCESS);
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
  const name = user ? fullName(user) : identity.userId;
  const email = user?.email ?? identity.email;
  const state = !user
    ? 'has no user record in Model Repository yet'
    : !user.active
      ? 'has an inactive account'
      : `is an external user whose registration is ${user.status ?? 'not approved'}`;
  return [
    'Hello,',
    '',
    `${name} (user id ${identity.userId}${email ? `, ${email}` : ''}) asks for access to Model Repository.`,
    `The user ${state}.`,
    ...(note ? ['', `Note from the user: ${note}`] : []),
    '',
    `You can review the user in the Admin Space: ${adminUserLink(env.webUrl, user?.id)}`,
  ].join('\n');
}
