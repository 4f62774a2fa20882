import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({ searchUserEntries: vi.fn() }));
vi.mock('../../data/users', async (importOriginal) => ({ ...(await importOriginal<object>()), ...data }));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T' } }));

const { searchUsers } = await import('./search-users');
const { userSearchTokens, normalizeSearchText } = await import('../../data/users');

const caller = { id: 'lead', userType: 'INTERNALUSER' } as User;
const entry = (id: string, extra: object = {}) => ({
  id,
  firstName: id,
  lastName: 'X',
  email: `${id}@example.com`,
  userType: 'INTERNALUSER',
  active: true,
  npa: false,
  ...extra,
});

beforeEach(() => vi.clearAllMocks());

describe('user search', () => {
  it('indexes first, last, full names, e-mail and ISID, normalized', () => {
    expect(
      userSearchTokens({ id: 'JDoe', firstName: 'José', lastName: 'Doe', email: 'Jose.Doe@X.com' }),
    ).toEqual(['jose', 'doe', 'jose doe', 'doe jose', 'jose.doe@x.com', 'jdoe']);
    expect(normalizeSearchText('  ÉMMA   Employee ')).toBe('emma employee');
  });

  it('queries the two-letter partition, drops inactive users and non-personal accounts, limits', async () => {
    data.searchUserEntries.mockResolvedValue([
      entry('a'),
      entry('b', { active: false }),
      entry('c', { npa: true }),
      entry('d'),
    ]);
    const result = await searchUsers(caller, { q: 'St', limit: 1, includeNpa: false });
    expect(data.searchUserEntries).toHaveBeenCalledWith('st', 16);
    expect(result.items.map((u) => u.id)).toEqual(['a']);
    const withNpa = await searchUsers(caller, { q: 'st', limit: 10, includeNpa: true });
    expect(withNpa.items.map((u) => u.id)).toEqual(['a', 'c', 'd']);
  });

  it('finds nothing for one character and refuses external callers', async () => {
    expect(await searchUsers(caller, { q: 's', limit: 10, includeNpa: false })).toEqual({ items: [] });
    expect(data.searchUserEntries).not.toHaveBeenCalled();
    await expect(
      searchUsers({ id: 'v', userType: 'EXTERNALUSER' } as User, { q: 'st', limit: 10, includeNpa: false }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
