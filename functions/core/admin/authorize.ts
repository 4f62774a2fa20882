import { isAdministrator, userPermissionFlags } from '@shared/rules/user-permissions';
import type { User, UserPermissionFlags } from '@shared/schemas/user';
import { ForbiddenError } from '../../lib/errors';

export type PermissionFlag = keyof UserPermissionFlags;

/**
 * Server-side gate of the admin routes (issue 20 §7): the caller must hold the flag that the web app
 * also receives from GET /v2/users/me, from the one matrix in shared/rules/user-permissions.ts, so the
 * screens and the API can never disagree. Throws 403 otherwise.
 */
export function requireFlag(caller: User, flag: PermissionFlag): void {
  if (!userPermissionFlags(caller.userType)[flag])
    throw new ForbiddenError('You do not have permission to do this.');
}

/**
 * The gate of admin pages that no single flag names (the user list, incidents, metadata options):
 * administrators only, as the Admin Space tab (002 §6).
 */
export function requireAdministrator(caller: User): void {
  if (!isAdministrator(caller.userType)) throw new ForbiddenError('Only administrators may do this.');
}
