import type {
  AdminUserList,
  AdminUserListQuery,
  AdminUserRow,
  AdminUserSort,
} from '@shared/schemas/admin-users';
import type { User } from '@shared/schemas/user';
import { internalUsers } from '../../data/user-list';
import { requireAdministrator } from './authorize';

/**
 * The internal user list (/admin/user, 002 §2): super users and internal users.
 * 1. Administrators only (403 otherwise).
 * 2. Take every internal user from the function's in-memory copy (data/user-list.ts: one GetItem
 *    of the list's version per request; two Queries, no Scan, after a change).
 * 3. Keep the users whose ISID, first name, last name, full name or e-mail contains the search text.
 * 4. Order by the column asked (last name ascending by default; ties by last name, first name, ISID so
 *    that pages never overlap; desc is the reverse) and cut the page; `total` counts every match.
 */
export async function listAdminUsers(
  caller: User,
  query: AdminUserListQuery,
  prefetched?: Promise<readonly User[]>,
): Promise<AdminUserList> {
  requireAdministrator(caller);
  const sorted = sortedBy(await (prefetched ?? internalUsers()), query.sort);
  const ordered = query.order === 'desc' ? [...sorted].reverse() : sorted;
  const text = query.q.trim().toLowerCase();
  const matches = text ? ordered.filter((u) => matchesText(u, text)) : ordered;
  return { items: matches.slice(query.offset, query.offset + query.limit).map(toRow), total: matches.length };
}

/** The read a request may start before its caller is known (the handler's prefetch); authorizes nothing. */
export const readInternalUsers = (): Promise<readonly User[]> => internalUsers();

/**
 * Each column's ascending order, sorted once per copy of the list (a collator sort of 20,000 users
 * takes tens of milliseconds: too long for every request). The copy is replaced, never changed, when a
 * user changes (data/user-list.ts), so its identity keys the cache.
 */
const orders = new WeakMap<readonly User[], Map<AdminUserSort, User[]>>();

function sortedBy(users: readonly User[], sort: AdminUserSort): User[] {
  let byColumn = orders.get(users);
  if (!byColumn) {
    byColumn = new Map();
    orders.set(users, byColumn);
  }
  let sorted = byColumn.get(sort);
  if (!sorted) {
    sorted = [...users].sort((a, b) => compareBy(a, b, sort) || byName(a, b));
    byColumn.set(sort, sorted);
  }
  return sorted;
}

/** Each user's searchable text, lowercased once per user record (the copy's records are never changed). */
const haystacks = new WeakMap<User, string>();

function matchesText(user: User, text: string): boolean {
  let haystack = haystacks.get(user);
  if (haystack === undefined) {
    haystack = [
      user.id,
      user.email,
      `${user.firstName} ${user.lastName}`,
      `${user.lastName} ${user.firstName}`,
    ]
      .join('\n')
      .toLowerCase();
    haystacks.set(user, haystack);
  }
  return haystack.includes(text);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareBy(a: User, b: User, sort: AdminUserSort): number {
  if (sort === 'active') return Number(a.active) - Number(b.active);
  return collator.compare(a[sort], b[sort]);
}

function byName(a: User, b: User): number {
  return (
    collator.compare(a.lastName, b.lastName) ||
    collator.compare(a.firstName, b.firstName) ||
    collator.compare(a.id, b.id)
  );
}

export function toRow(user: User): AdminUserRow {
  const { id, firstName, lastName, email, active, userType } = user;
  return { id, firstName, lastName, email, active, userType };
}
