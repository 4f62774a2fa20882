import type { User } from '@shared/schemas/user';
import { getUser } from '../../data/users';
import { ForbiddenError } from '../../lib/errors';
import type { Identity } from '../../lib/identity';

const REFUSED = 'Your account has no access to Model Repository.';

/**
 * Turns a verified identity into the active user record, read from the users table on EVERY call.
 * A deactivation must refuse the user's next call at once (issue 20 §1), and a token stays valid for
 * up to an hour after it: only this read can say "deactivated" or "another user type". (A per-function
 * cache of active callers used to save this read; a deactivation made in the admin function could not
 * reach the copies in the other functions, so it was dropped: one GetItem, a few milliseconds.)
 * Unknown or inactive users (and external users not yet approved) are refused with 403: the web app
 * sends them to the access-denied page, where they may request access.
 *
 * `fresh` is accepted for the routes that asked for a fresh read before; every read is fresh now.
 */
export async function authenticate(identity: Identity, _options: { fresh?: boolean } = {}): Promise<User> {
  const user = await getUser(identity.userId);
  if (!user || !mayEnter(user)) throw new ForbiddenError(REFUSED);
  return user;
}

/** Whether the user may use Model Repository: active, and an external user approved. */
export function mayEnter(user: User): boolean {
  if (!user.active) return false;
  return !(user.userType === 'EXTERNALUSER' && user.status !== undefined && user.status !== 'ACTIVE');
}

/** The caller's user record whatever its state (for `auth: 'identity'` operations such as access requests). */
export async function findCaller(identity: Identity): Promise<User | undefined> {
  return getUser(identity.userId);
}
