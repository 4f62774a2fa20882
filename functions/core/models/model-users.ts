import type { UserSummary } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { getUsers } from '../../data/users';

/**
 * Summaries (names, e-mail, user type) of the people shown on a detail page, kept for a minute per
 * warm function: the same lead, steward and owners appear on many entries, and a name shown a
 * minute late is harmless. Never used for a decision: authorization reads the caller's own record,
 * and role checks read fresh records (loadUsers).
 */
const DISPLAY_CACHE_MS = 60_000;
const MAX_DISPLAY_CACHE = 5_000;
const displayCache = new Map<string, { summary: UserSummary; until: number }>();

export async function displaySummaries(
  ids: Iterable<string>,
  now = Date.now(),
): Promise<Map<string, UserSummary>> {
  const found = new Map<string, UserSummary>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const hit = displayCache.get(id);
    if (hit && hit.until > now) found.set(id, hit.summary);
    else missing.push(id);
  }
  if (missing.length > 0) {
    if (displayCache.size + missing.length > MAX_DISPLAY_CACHE) displayCache.clear();
    for (const user of (await loadUsers(missing)).values()) {
      const summary = toUserSummary(user);
      displayCache.set(user.id, { summary, until: now + DISPLAY_CACHE_MS });
      found.set(user.id, summary);
    }
  }
  return found;
}

/** The user records of the given ids, read in one batch (unknown ids are left out). */
export async function loadUsers(ids: Iterable<string>): Promise<Map<string, User>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await getUsers(unique)).map((user) => [user.id, user]));
}

export function toUserSummary(user: User): UserSummary {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userType: user.userType,
    ...(user.externalUserType ? { externalUserType: user.externalUserType } : {}),
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

export { fullName } from '@shared/schemas/user';
