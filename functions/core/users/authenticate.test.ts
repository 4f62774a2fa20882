import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from '../../lib/identity';

const data = vi.hoisted(() => ({ getUser: vi.fn() }));
vi.mock('../../data/users', () => data);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T' } }));

const { authenticate, CALLER_CACHE_MS } = await import('./authenticate');

let counter = 0;
/** Each test uses its own user id: the cache is module state, as in a warm Lambda. */
function person(extra: Partial<User> = {}): User {
  counter += 1;
  return {
    id: `user-${counter}`,
    firstName: 'Pat',
    lastName: 'Person',
    email: `user-${counter}@example.com`,
    userType: 'INTERNALUSER',
    active: true,
    createdOn: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as User;
}
const identityOf = (user: User) => ({ userId: user.id }) as Identity;
const T0 = 1_000_000;

beforeEach(() => vi.clearAllMocks());

describe('authenticate', () => {
  it('reads an active caller once and trusts the copy for CALLER_CACHE_MS', async () => {
    const user = person();
    data.getUser.mockResolvedValue(user);
    await expect(authenticate(identityOf(user), { now: T0 })).resolves.toEqual(user);
    await expect(authenticate(identityOf(user), { now: T0 + CALLER_CACHE_MS - 1 })).resolves.toEqual(user);
    expect(data.getUser).toHaveBeenCalledTimes(1);

    await authenticate(identityOf(user), { now: T0 + CALLER_CACHE_MS });
    expect(data.getUser).toHaveBeenCalledTimes(2);
  });

  it('reads again when asked for a fresh record, and keeps the newer one', async () => {
    const user = person();
    data.getUser.mockResolvedValueOnce(user).mockResolvedValueOnce({ ...user, userType: 'SUPERUSER' });
    await authenticate(identityOf(user), { now: T0 });
    const fresh = await authenticate(identityOf(user), { now: T0 + 1, fresh: true });
    expect(fresh.userType).toBe('SUPERUSER');
    expect((await authenticate(identityOf(user), { now: T0 + 2 })).userType).toBe('SUPERUSER');
    expect(data.getUser).toHaveBeenCalledTimes(2);
  });

  it('refuses unknown, inactive and not yet approved external users, and never caches a refusal', async () => {
    const inactive = person({ active: false });
    data.getUser.mockResolvedValueOnce(inactive);
    await expect(authenticate(identityOf(inactive), { now: T0 })).rejects.toMatchObject({ statusCode: 403 });
    // Approved a moment later: let in at once.
    data.getUser.mockResolvedValueOnce({ ...inactive, active: true });
    await expect(authenticate(identityOf(inactive), { now: T0 + 1 })).resolves.toMatchObject({
      active: true,
    });

    const pending = person({ userType: 'EXTERNALUSER', status: 'PENDING_REVIEW' });
    data.getUser.mockResolvedValueOnce(pending);
    await expect(authenticate(identityOf(pending), { now: T0 })).rejects.toMatchObject({ statusCode: 403 });

    data.getUser.mockResolvedValueOnce(undefined);
    await expect(authenticate({ userId: 'nobody' } as Identity, { now: T0 })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('takes a deactivation into account once the cached copy has expired', async () => {
    const user = person();
    data.getUser.mockResolvedValueOnce(user).mockResolvedValue({ ...user, active: false });
    await authenticate(identityOf(user), { now: T0 });
    await expect(authenticate(identityOf(user), { now: T0 + 1 })).resolves.toEqual(user);
    await expect(authenticate(identityOf(user), { now: T0 + CALLER_CACHE_MS })).rejects.toMatchObject({
      statusCode: 403,
    });
    // The refusal dropped the cached copy: a fresh read is needed again.
    await expect(authenticate(identityOf(user), { now: T0 + CALLER_CACHE_MS + 1 })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
