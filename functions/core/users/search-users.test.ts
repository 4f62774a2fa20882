import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({ searchUserEntries: vi.fn() }));
vi.mock('../../data/users', async (importOriginal) => ({ ...(await importOriginal<object>()), ...data }));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T' } }));

const { EXTERNAL_SEARCH_MESSAGE, searchUsers } = await import('./search-users');
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

  it('finds nothing for one character and refuses external callers a prefix search', async () => {
    expect(await searchUsers(caller, { q: 's', limit: 10, includeNpa: false })).toEqual({ items: [] });
    expect(data.searchUserEntries).not.toHaveBeenCalled();
    await expect(
      searchUsers({ id: 'v', userType: 'EXTERNALUSER' } as User, { q: 'st', limit: 10, includeNpa: false }),
    ).rejects.toMatchObject({ statusCode: 403, message: EXTERNAL_SEARCH_MESSAGE });
    expect(data.searchUserEntries).not.toHaveBeenCalled();
  });

  it('lets an external caller look up one internal user by the whole e-mail address (issue 21 §25)', async () => {
    const vendor = { id: 'v', userType: 'EXTERNALUSER' } as User;
    data.searchUserEntries.mockResolvedValue([
      entry('stella', { email: 'stella@example.com' }),
      entry('stella2', { email: 'stella@example.com.au' }),
      entry('ext', { email: 'stella@example.com', userType: 'EXTERNALUSER' }),
    ]);
    const found = await searchUsers(vendor, { q: ' Stella@Example.com ', limit: 10, includeNpa: false });
    expect(found.items.map((u) => u.id)).toEqual(['stella']);
    data.searchUserEntries.mockResolvedValue([entry('stella2', { email: 'stella@example.com.au' })]);
    expect(
      (await searchUsers(vendor, { q: 'stella@example.com', limit: 10, includeNpa: false })).items,
    ).toEqual([]);
  });
});
