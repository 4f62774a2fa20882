import type { AdminUserList, AdminUserListQuery, AdminUserRow } from '@shared/schemas/admin-users';
import type { User } from '@shared/schemas/user';
import { internalUsers } from '../../data/user-list';
import { requireAdministrator } from './authorize';

/**
 * The internal user list (/admin/user, 002 §2): super users and internal users.
 * 1. Administrators only (403 otherwise).
 * 2. Take every internal user from the function's in-memory copy (data/user-list.ts: one Query for
 *    what changed since the last request, no Scan).
 * 3. Keep the users whose ISID, first name, last name, full name or e-mail contains the search text.
 * 4. Sort by the column asked (last name ascending by default; ties by last name, first name, ISID so
 *    that pages never overlap) and cut the page; `total` counts every match.
 */
export async function listAdminUsers(caller: User, query: AdminUserListQuery): Promise<AdminUserList> {
  requireAdministrator(caller);
  const users = await internalUsers();
  const text = query.q.trim().toLowerCase();
  const matches = text ? users.filter((u) => matchesText(u, text)) : [...users];
  const direction = query.order === 'desc' ? -1 : 1;
  matches.sort((a, b) => direction * compareBy(a, b, query.sort) || byName(a, b));
  return { items: matches.slice(query.offset, query.offset + query.limit).map(toRow), total: matches.length };
}

function matchesText(user: User, text: string): boolean {
  return (
    user.id.toLowerCase().includes(text) ||
    user.email.toLowerCase().includes(text) ||
    `${user.firstName} ${user.lastName}`.toLowerCase().includes(text) ||
    `${user.lastName} ${user.firstName}`.toLowerCase().includes(text)
  );
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareBy(a: User, b: User, sort: AdminUserListQuery['sort']): number {
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
