import type { ModelRoles } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { loadUsers } from './model-users';

/** Who is asked for access and who may grant it: lead, steward and owners (distinct, in that order). */
export function managerIds(roles: ModelRoles): string[] {
  return distinct([roles.vestLead, roles.steward, ...roles.owners]);
}

/** Who hears about a new version or modified files (000 §4): steward, lead, owners and viewers. */
export function notificationRecipientIds(roles: ModelRoles): string[] {
  return distinct([roles.steward, roles.vestLead, ...roles.owners, ...roles.viewers]);
}

/** The active users among `ids`, in the order of `ids` (unknown and inactive users are left out). */
export async function activeUsers(ids: readonly string[]): Promise<User[]> {
  const users = await loadUsers(ids);
  return distinct(ids)
    .map((id) => users.get(id))
    .filter((u): u is User => u?.active === true);
}

function distinct(ids: readonly (string | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => !!id))];
}
