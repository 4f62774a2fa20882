import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from '../../lib/identity';

const data = vi.hoisted(() => ({ getUser: vi.fn() }));
vi.mock('../../data/users', () => data);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T' } }));

const { authenticate } = await import('./authenticate');

function person(extra: Partial<User> = {}): User {
  return {
    id: 'pat',
    firstName: 'Pat',
    lastName: 'Person',
    email: 'pat@example.com',
    userType: 'INTERNALUSER',
    active: true,
    createdOn: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as User;
}
const identityOf = (user: User) => ({ userId: user.id }) as Identity;

beforeEach(() => vi.clearAllMocks());

describe('authenticate', () => {
  it('reads the caller on every call, so a deactivation refuses the very next call', async () => {
    const user = person();
    data.getUser.mockResolvedValueOnce(user).mockResolvedValueOnce({ ...user, active: false });
    await expect(authenticate(identityOf(user))).resolves.toEqual(user);
    await expect(authenticate(identityOf(user))).rejects.toMatchObject({ statusCode: 403 });
    expect(data.getUser).toHaveBeenCalledTimes(2);
  });

  it('lets a re-activated user in at once', async () => {
    const user = person();
    data.getUser.mockResolvedValueOnce({ ...user, active: false }).mockResolvedValueOnce(user);
    await expect(authenticate(identityOf(user))).rejects.toMatchObject({ statusCode: 403 });
    await expect(authenticate(identityOf(user))).resolves.toEqual(user);
  });

  it('sees a changed user type on the next call', async () => {
    const user = person();
    data.getUser.mockResolvedValueOnce(user).mockResolvedValueOnce({ ...user, userType: 'SUPERUSER' });
    await authenticate(identityOf(user));
    expect((await authenticate(identityOf(user))).userType).toBe('SUPERUSER');
  });

  it('refuses unknown users and external users not yet approved', async () => {
    data.getUser.mockResolvedValueOnce(undefined);
    await expect(authenticate({ userId: 'nobody' } as Identity)).rejects.toMatchObject({ statusCode: 403 });
    const pending = person({ userType: 'EXTERNALUSER', status: 'PENDING_REVIEW' });
    data.getUser.mockResolvedValueOnce(pending);
    await expect(authenticate(identityOf(pending))).rejects.toMatchObject({ statusCode: 403 });
  });
});
