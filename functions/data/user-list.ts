import type { User } from '@shared/schemas/user';
import { getUserListVersion, listUsersByType } from './users';

/**
 * The internal users (super users and internal users) for the admin user list, kept in the function's
 * memory: at 20,000 users, reading them all (two GSI1 Queries, some megabytes) on every request could
 * not answer in 50 ms; one strongly consistent GetItem of the user-list version (data/users.ts) can.
 * 1. Read the version; when it equals the copy's and the copy is younger than MAX_AGE_MS, use the copy.
 * 2. Otherwise read both GSI1 partitions again (no Scan) and keep them with the version read before
 *    the Queries, so a write during the reload makes the next request reload again.
 * A copy older than MAX_AGE_MS is read again even with an unchanged version: the bump follows a
 * user write in a second call (data/users.ts), and a process that stopped between the two must not
 * leave the list stale for longer.
 */
const MAX_AGE_MS = 5 * 60_000;

let copy: { version: number; users: User[]; readAt: number } | undefined;
let loading: Promise<User[]> | undefined;

export async function internalUsers(now = Date.now()): Promise<User[]> {
  const version = await getUserListVersion();
  if (copy && copy.version === version && now - copy.readAt < MAX_AGE_MS) return copy.users;
  // Concurrent requests of one cold copy share one reload.
  loading ??= (async () => {
    const [admins, internals] = await Promise.all([
      listUsersByType('SUPERUSER'),
      listUsersByType('INTERNALUSER'),
    ]);
    const users = [...admins, ...internals];
    copy = { version, users, readAt: now };
    return users;
  })().finally(() => {
    loading = undefined;
  });
  return loading;
}

/** Forgets the copy (tests). */
export function forgetUserListCopy(): void {
  copy = undefined;
}
