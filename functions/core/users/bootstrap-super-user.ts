import type { User } from '@shared/schemas/user';
import { getUser, putUser } from '../../data/users';

export interface BootstrapSuperUserInput {
  /** The ISID: the Cognito user name, or what the corporate IdP maps to `custom:isid`. */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export type BootstrapOutcome = 'created' | 'promoted' | 'unchanged';

/**
 * Makes one person an active super user, so a fresh deployment has somebody who can let everyone
 * else in (scripts/aws/bootstrap-admin.ts; docs/deploy.md "The first super user").
 * 1. An unknown id gets a new record: SUPERUSER, active.
 * 2. A known user is promoted and re-activated; names and e-mail already recorded are kept.
 * 3. An active super user is left untouched, so running it twice changes nothing.
 */
export async function bootstrapSuperUser(
  input: BootstrapSuperUserInput,
  now = new Date(),
): Promise<BootstrapOutcome> {
  const existing = await getUser(input.id);
  if (existing?.userType === 'SUPERUSER' && existing.active) return 'unchanged';
  if (existing) {
    const { externalUserType: _type, status: _status, ...internal } = existing;
    await putUser({ ...internal, userType: 'SUPERUSER', active: true });
    return 'promoted';
  }
  const user: User = {
    id: input.id,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    userType: 'SUPERUSER',
    active: true,
    createdOn: now.toISOString(),
    createdBy: 'bootstrap',
  };
  await putUser(user);
  return 'created';
}
