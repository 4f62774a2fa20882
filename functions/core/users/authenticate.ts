import type { User } from '@shared/schemas/user';
import { getUser } from '../../data/users';
import { ForbiddenError } from '../../lib/errors';
import type { Identity } from '../../lib/identity';

/**
 * Turns a verified identity into the active user record.
 * 1. Look the user up by ISID.
 * 2. Unknown or inactive users (and external users not yet approved) are refused with 403: the web app
 *    sends them to the access-denied page, where they may request access.
 */
export async function authenticate(identity: Identity): Promise<User> {
  const user = await getUser(identity.userId);
  if (!user?.active) throw new ForbiddenError('Your account has no access to Model Repository.');
  if (user.userType === 'EXTERNALUSER' && user.status !== undefined && user.status !== 'ACTIVE') {
    throw new ForbiddenError('Your account has no access to Model Repository.');
  }
  return user;
}

/** The caller's user record whatever its state (for `auth: 'identity'` operations such as access requests). */
export async function findCaller(identity: Identity): Promise<User | undefined> {
  return getUser(identity.userId);
}
