import type { UserSummary } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { getUser } from '../../data/users';

/** The user records of the given ids (unknown ids are left out). */
export async function loadUsers(ids: Iterable<string>): Promise<Map<string, User>> {
  const unique = [...new Set(ids)];
  const users = await Promise.all(unique.map((id) => getUser(id)));
  const map = new Map<string, User>();
  for (const user of users) if (user) map.set(user.id, user);
  return map;
}

export function toUserSummary(user: User): UserSummary {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userType: user.userType,
  };
}

export function summaries(
  users: ReadonlyMap<string, User>,
  ids: Iterable<string>,
): Record<string, UserSummary> {
  const out: Record<string, UserSummary> = {};
  for (const id of ids) {
    const user = users.get(id);
    if (user) out[id] = toUserSummary(user);
  }
  return out;
}

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
