import type { User } from '@shared/schemas/user';
import { getUser } from '../../data/users';
import { ForbiddenError } from '../../lib/errors';
import type { Identity } from '../../lib/identity';

/**
 * How long a warm function trusts an active caller's record before reading it again. Every request
 * already carries a verified token that stays valid for an hour; the record adds what the token cannot
 * say (deactivated, another user type), and a few seconds' delay on that is the trade API Gateway's own
 * authorizer cache makes (5 minutes by default). It saves one DynamoDB read on nearly every request:
 * a detail read becomes one round trip instead of two reads of the table.
 *
 * So a deactivation or a change of user type takes effect within this time. `GET /v2/users/me`, which
 * the web app calls on every load, and a WebSocket connect read fresh, so a reload always shows the
 * current permissions. Refusals are never cached: an approved user gets in at once.
 */
export const CALLER_CACHE_MS = 10_000;
const MAX_CACHED_CALLERS = 1_000;
const callers = new Map<string, { user: User; until: number }>();

const REFUSED = 'Your account has no access to Model Repository.';

/**
 * Turns a verified identity into the active user record.
 * 1. Take the record from the cache above unless `fresh` is asked for or it is older than
 *    CALLER_CACHE_MS; otherwise look the user up by ISID.
 * 2. Unknown or inactive users (and external users not yet approved) are refused with 403: the web app
 *    sends them to the access-denied page, where they may request access.
 */
export async function authenticate(
  identity: Identity,
  { fresh = false, now = Date.now() }: { fresh?: boolean; now?: number } = {},
): Promise<User> {
  const cached = callers.get(identity.userId);
  if (!fresh && cached && cached.until > now) return cached.user;
  const user = await getUser(identity.userId);
  if (!user || !mayEnter(user)) {
    callers.delete(identity.userId);
    throw new ForbiddenError(REFUSED);
  }
  if (callers.size >= MAX_CACHED_CALLERS) callers.clear();
  callers.set(identity.userId, { user, until: now + CALLER_CACHE_MS });
  return user;
}

/** Drops every cached caller (tests start from a cold function this way). */
export function forgetCachedCallers(): void {
  callers.clear();
}

/** Whether the user may use Model Repository: active, and an external user approved. */
export function mayEnter(user: User): boolean {
  if (!user.active) return false;
  return !(user.userType === 'EXTERNALUSER' && user.status !== undefined && user.status !== 'ACTIVE');
}

/** The caller's user record whatever its state (for `auth: 'identity'` operations such as access requests). */
export async function findCaller(identity: Identity): Promise<User | undefined> {
  return getUser(identity.userId);
}
