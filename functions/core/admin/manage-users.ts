import type {
  AdminUserDetail,
  DirectorySearchQuery,
  DirectorySearchResult,
  EnrollUserBody,
  UpdateAdminUserBody,
} from '@shared/schemas/admin-users';
import type { User } from '@shared/schemas/user';
import { adminAuditPut } from '../../data/audit';
import { createUser, getUser, getUsers, replaceUser } from '../../data/users';
import { findDirectoryEntry, searchDirectory, signOutEverywhere } from '../../lib/cognito-directory';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { requireAdministrator, requireFlag } from './authorize';

export const USER_NOT_FOUND = 'User not found';

/** GET /v2/admin/users/{id}: one user for the detail and edit pages (administrators). */
export async function getAdminUser(caller: User, id: string): Promise<AdminUserDetail> {
  requireAdministrator(caller);
  const user = await getUser(id);
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  return toDetail(user);
}

/**
 * 'Find user' (002 §2, §7): people of the corporate directory (functions/lib/cognito-directory.ts)
 * whose name, e-mail or ISID starts with the text, at most `limit`, each marked `enrolled` when Model
 * Repository already lists them (the page shows those disabled).
 * 1. Callers who may enroll only (enrollUser).
 * 2. Fewer than two characters find nothing.
 * 3. Search the directory and look up who is enrolled (one BatchGetItem). `includeUnenrolled=false`
 *    keeps only enrolled people; `includeNpa=false` drops records marked as non-personal accounts
 *    (the directory itself carries no such mark).
 */
export async function searchDirectoryPeople(
  caller: User,
  query: DirectorySearchQuery,
): Promise<DirectorySearchResult> {
  requireFlag(caller, 'enrollUser');
  const text = query.name.trim();
  if (text.length < 2) return { items: [], total: 0 };
  const found = await searchDirectory(text, query.limit);
  const known = new Map((await getUsers(found.map((p) => p.id))).map((u) => [u.id, u]));
  const items = found
    .filter((p) => query.includeUnenrolled === 'true' || known.has(p.id))
    .filter((p) => query.includeNpa === 'true' || known.get(p.id)?.npa !== true)
    .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`))
    .slice(0, query.limit)
    .map((p) => ({ ...p, enrolled: known.has(p.id) }));
  return { items, total: items.length };
}

/**
 * POST /v2/admin/users ('Enroll user', 002 §7):
 * 1. enrollUser flag (403).
 * 2. The person must be in the directory (404 'User not found'): names and e-mail come from there,
 *    never from the request.
 * 3. Create the record, active, with the chosen type, and its admin audit record in one transaction;
 *    an existing id answers 409 '{id} already exists in database' and nothing changes.
 */
export async function enrollUser(
  caller: User,
  body: EnrollUserBody,
  now = Date.now(),
): Promise<AdminUserDetail> {
  requireFlag(caller, 'enrollUser');
  const person = await findDirectoryEntry(body.id);
  if (!person) throw new NotFoundError(USER_NOT_FOUND);
  const user: User = {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    active: true,
    userType: body.userType,
    createdOn: new Date(now).toISOString(),
    createdBy: caller.id,
  };
  await createUser(user, [
    adminAuditPut(
      { actor: caller.id, action: 'USER_ENROLLED', target: `user:${user.id}`, after: auditState(user) },
      now,
    ),
  ]);
  return toDetail(user);
}

/**
 * PATCH /v2/admin/users/{id} ('Set user type', 'Set user active'):
 * 1. The user must exist (404 'User not found').
 * 2. A type change needs changeUserRole, activation activateUser, deactivation deactivateUser; none of
 *    them applies to oneself (002 §6: "apply to other users only"), which also keeps the last
 *    administrator from locking everyone out.
 * 3. Write the record only if it is still as read (409 otherwise), with the audit record of before
 *    and after, in one transaction. Roles and grants are never touched: re-activation restores them.
 * 4. On deactivation, sign the user out of every Cognito session. The API already refuses the user's
 *    next call (authenticate.ts reads the record on every call); a failed sign-out is logged and does
 *    not undo the deactivation.
 */
export async function updateAdminUser(
  caller: User,
  id: string,
  body: UpdateAdminUserBody,
  now = Date.now(),
): Promise<AdminUserDetail> {
  const before = await getUser(id);
  if (!before) throw new NotFoundError(USER_NOT_FOUND);
  const typeChanges = body.userType !== undefined && body.userType !== before.userType;
  const activeChanges = body.active !== undefined && body.active !== before.active;
  if (typeChanges) requireFlag(caller, 'changeUserRole');
  if (activeChanges) requireFlag(caller, body.active ? 'activateUser' : 'deactivateUser');
  if (!typeChanges && !activeChanges) {
    requireAdministrator(caller);
    return toDetail(before);
  }
  if (caller.id === before.id)
    throw new ForbiddenError('You cannot change your own user type or activation.');
  if (before.userType === 'EXTERNALUSER' && typeChanges)
    throw new BadRequestError('External users are managed in the external user list.');
  const after: User = {
    ...before,
    ...(typeChanges && body.userType ? { userType: body.userType } : {}),
    ...(activeChanges && body.active !== undefined ? { active: body.active } : {}),
  };
  const action = activeChanges ? (after.active ? 'USER_ACTIVATED' : 'USER_DEACTIVATED') : 'USER_TYPE_CHANGED';
  await replaceUser(before, after, [
    adminAuditPut(
      {
        actor: caller.id,
        action: typeChanges && activeChanges ? `${action}+USER_TYPE_CHANGED` : action,
        target: `user:${id}`,
        before: auditState(before),
        after: auditState(after),
      },
      now,
    ),
  ]);
  if (activeChanges && !after.active) {
    try {
      await signOutEverywhere(id);
    } catch (error) {
      logger.error('Could not sign the deactivated user out of Cognito', { userId: id, error });
    }
  }
  return toDetail(after);
}

const auditState = (u: User) => ({ userType: u.userType, active: u.active });

function toDetail(user: User): AdminUserDetail {
  const { id, firstName, lastName, email, active, userType, country, department, divisionName } = user;
  return {
    id,
    firstName,
    lastName,
    email,
    active,
    userType,
    ...(country ? { country } : {}),
    ...(department ? { department } : {}),
    ...(divisionName ? { divisionName } : {}),
    createdOn: user.createdOn,
    ...(user.createdBy ? { createdBy: user.createdBy } : {}),
  };
}
