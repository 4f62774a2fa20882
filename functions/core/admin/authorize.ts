import { isAdministrator, userPermissionFlags } from '@shared/rules/user-permissions';
import type { User, UserPermissionFlags } from '@shared/schemas/user';
import { managesAnyEntry } from '../../data/memberships';
import { ForbiddenError } from '../../lib/errors';

/** The flags that the user type alone decides; externalizationTabEnabled also needs the memberships. */
export type PermissionFlag = Exclude<keyof UserPermissionFlags, 'externalizationTabEnabled'>;

/**
 * Every flag of the caller, as GET /v2/users/me answers them: the user type, and for the
 * Externalization flag whether they manage an entry (one membership Query, only when it can matter).
 */
export async function callerPermissionFlags(caller: User): Promise<UserPermissionFlags> {
  const managesEntries = caller.userType === 'INTERNALUSER' && (await managesAnyEntry(caller.id));
  return userPermissionFlags(caller.userType, { managesEntries });
}

/**
 * Server-side gate of the admin routes (issue 20 §7): the caller must hold the flag that the web app
 * also receives from GET /v2/users/me, from the one matrix in shared/rules/user-permissions.ts, so the
 * screens and the API can never disagree. Throws 403 otherwise.
 */
export function requireFlag(caller: User, flag: PermissionFlag): void {
  if (!userPermissionFlags(caller.userType, { managesEntries: false })[flag])
    throw new ForbiddenError('You do not have permission to do this.');
}

/** The gate of the Externalization routes (registering external users): the caller's flag, 403 otherwise. */
export async function requireExternalization(caller: User): Promise<void> {
  if (!(await callerPermissionFlags(caller)).externalizationTabEnabled)
    throw new ForbiddenError('You do not have permission to do this.');
}

/**
 * The gate of admin pages that no single flag names (the user list, incidents, metadata options):
 * administrators only, as the Admin Space tab (002 §6).
 */
export function requireAdministrator(caller: User): void {
  if (!isAdministrator(caller.userType)) throw new ForbiddenError('Only administrators may do this.');
}
