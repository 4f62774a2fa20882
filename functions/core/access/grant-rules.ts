import {
  type AssignableRole,
  assignRole,
  ROLE_LABELS,
  ROLE_MESSAGES,
  roleExistsOn,
} from '@shared/rules/model-roles';
import { GRANTABLE_ROLES, type GrantableRole } from '@shared/schemas/collaboration';
import type { ModelRoles } from '@shared/schemas/model';
import type { UserType } from '@shared/schemas/user';
import { ConflictError, UnprocessableError } from '../../lib/errors';

/**
 * The rules of a model grant link (issue 4 §4), apart from who may grant (grant-model-role.ts) and
 * the general role rules (shared/rules/model-roles.ts roleChangeProblems, applied afterwards). The
 * roles a platform has and their refusal text come from the shared rules, so that a grant link and
 * 'Update Permissions' refuse a role the same way.
 */

/** The role list each grantable value adds the user to. */
export const ROLE_LIST: Record<GrantableRole, AssignableRole> = {
  VIEWER: 'viewers',
  CALIBRATORMODELER: 'calibrationModelers',
  SCENARIOMODELER: 'scenarioModelers',
  DISPLAYVIEWER: 'displayViewers',
  OWNER: 'owners',
};

/**
 * External users may receive read access only: Model Viewer, or Display User on WebModel 2.0 entries.
 * Owning (editing, granting) and modelling stay with internal users. The role rules still apply on
 * top (no HTA user as viewer, no external user on THEOREM or Confidential entries).
 */
export const EXTERNAL_GRANTABLE: readonly GrantableRole[] = ['VIEWER', 'DISPLAYVIEWER'];

export const GRANT_MESSAGES = {
  externalReadOnly: 'External users can only be granted Model Viewer or Display User access.',
  alreadyManager:
    'This user already manages this model entry (lead, steward or owner); change their roles under Model Access.',
} as const;

/** The roles a grant link may carry for an entry of this platform, in the order of GRANTABLE_ROLES. */
export function grantableRoles(platform: string | undefined): GrantableRole[] {
  const all = Object.keys(GRANTABLE_ROLES) as GrantableRole[];
  return all.filter((r) => roleExistsOn(ROLE_LIST[r], platform));
}

export type GrantPlan = { changed: false } | { changed: true; roles: ModelRoles };

/**
 * What granting `role` to `grantee` does to the roles of an entry.
 * 1. The role must exist on the entry's platform (422) and suit the grantee's user type (422).
 * 2. A grant link never takes a manager out of the owner tier: a lead, steward or owner asked to be
 *    given anything but Model Owner is a 409 (their roles change under Model Access).
 * 3. A user who already holds the role: nothing changes.
 * 4. Otherwise the user is added with role exclusivity (assignRole).
 */
export function planGrant(input: {
  roles: ModelRoles;
  role: GrantableRole;
  grantee: { id: string; userType: UserType };
  platform: string | undefined;
}): GrantPlan {
  const { roles, role, grantee } = input;
  if (!grantableRoles(input.platform).includes(role)) {
    const message = ROLE_MESSAGES.webModelOnly(ROLE_LABELS[ROLE_LIST[role]]);
    throw new UnprocessableError(message, [{ path: 'body.role', message }]);
  }
  if (grantee.userType === 'EXTERNALUSER' && !EXTERNAL_GRANTABLE.includes(role)) {
    throw new UnprocessableError(GRANT_MESSAGES.externalReadOnly, [
      { path: 'body.role', message: GRANT_MESSAGES.externalReadOnly },
    ]);
  }
  const list = ROLE_LIST[role];
  if (roles[list].includes(grantee.id)) return { changed: false };
  const manages =
    roles.vestLead === grantee.id || roles.steward === grantee.id || roles.owners.includes(grantee.id);
  if (manages && role !== 'OWNER') throw new ConflictError(GRANT_MESSAGES.alreadyManager);
  return { changed: true, roles: assignRole(roles, list, grantee.id) };
}
