import type { AdminUserListQuery } from '@shared/schemas/admin-users';
import type { User, UserType } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({
  getUser: vi.fn(),
  getUsers: vi.fn(),
  createUser: vi.fn(),
  replaceUser: vi.fn(),
  internalUsers: vi.fn(),
}));
const directory = vi.hoisted(() => ({
  searchDirectory: vi.fn(),
  findDirectoryEntry: vi.fn(),
  signOutEverywhere: vi.fn(),
}));
vi.mock('../../data/users', () => ({
  getUser: data.getUser,
  getUsers: data.getUsers,
  createUser: data.createUser,
  replaceUser: data.replaceUser,
}));
vi.mock('../../data/user-list', () => ({ internalUsers: data.internalUsers }));
vi.mock('../../data/audit', () => ({ adminAuditPut: (input: object) => ({ audit: input }) }));
vi.mock('../../lib/cognito-directory', () => directory);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T' } }));

const { enrollUser, getAdminUser, searchDirectoryPeople, updateAdminUser } = await import('./manage-users');
const { listAdminUsers } = await import('./list-users');

function user(id: string, userType: UserType = 'INTERNALUSER', extra: Partial<User> = {}): User {
  return {
    id,
    firstName: id.charAt(0).toUpperCase() + id.slice(1),
    lastName: `${id}son`,
    email: `${id}@example.com`,
    active: true,
    userType,
    createdOn: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}
const PERSONAS = {
  admin: user('admin', 'SUPERUSER'),
  internal: user('lead', 'INTERNALUSER'),
  external: user('vendor', 'EXTERNALUSER'),
};
const listQuery: AdminUserListQuery = { q: '', sort: 'lastName', order: 'asc', offset: 0, limit: 10 };

beforeEach(() => {
  vi.clearAllMocks();
  data.getUser.mockImplementation(async (id: string) => (id === 'target' ? user('target') : undefined));
  data.getUsers.mockResolvedValue([]);
  data.internalUsers.mockResolvedValue([]);
  directory.searchDirectory.mockResolvedValue([]);
  directory.findDirectoryEntry.mockResolvedValue({
    id: 'newbie',
    firstName: 'Nina',
    lastName: 'New',
    email: 'n@x.com',
  });
  directory.signOutEverywhere.mockResolvedValue('signed-out');
});

/** Every admin route's use case, as each persona: only the administrator gets through. */
const ROUTES: [string, (caller: User) => Promise<unknown>][] = [
  ['GET /v2/admin/users', (c) => listAdminUsers(c, listQuery)],
  ['POST /v2/admin/users', (c) => enrollUser(c, { id: 'newbie', userType: 'INTERNALUSER' })],
  ['GET /v2/admin/users/{id}', (c) => getAdminUser(c, 'target')],
  ['PATCH /v2/admin/users/{id} type', (c) => updateAdminUser(c, 'target', { userType: 'SUPERUSER' })],
  ['PATCH /v2/admin/users/{id} deactivate', (c) => updateAdminUser(c, 'target', { active: false })],
  [
    'GET /v2/directory/search',
    (c) => searchDirectoryPeople(c, { name: 'ni', limit: 10, includeNpa: 'true', includeUnenrolled: 'true' }),
  ],
];

describe('persona × admin route', () => {
  for (const [route, call] of ROUTES) {
    it(`${route}: the administrator passes, internal and external users get 403 and nothing is written`, async () => {
      await expect(call(PERSONAS.admin)).resolves.toBeDefined();
      vi.clearAllMocks();
      for (const caller of [PERSONAS.internal, PERSONAS.external]) {
        await expect(call(caller)).rejects.toMatchObject({ statusCode: 403 });
      }
      expect(data.createUser).not.toHaveBeenCalled();
      expect(data.replaceUser).not.toHaveBeenCalled();
      expect(directory.signOutEverywhere).not.toHaveBeenCalled();
    });
  }
});

describe('internal user list', () => {
  const people = [
    user('zed', 'INTERNALUSER', { lastName: 'Zulu', firstName: 'Zed' }),
    user('amy', 'SUPERUSER', { lastName: 'Alpha', firstName: 'Amy', active: false }),
    user('bob', 'INTERNALUSER', { lastName: 'Bravo', firstName: 'Bob', email: 'bob@corp.example' }),
  ];
  beforeEach(() => data.internalUsers.mockResolvedValue(people));

  it('sorts by last name ascending by default and counts every match in total', async () => {
    const page = await listAdminUsers(PERSONAS.admin, { ...listQuery, limit: 2 });
    expect(page.items.map((u) => u.lastName)).toEqual(['Alpha', 'Bravo']);
    expect(page.total).toBe(3);
    expect(page.items[0]).toEqual({
      id: 'amy',
      firstName: 'Amy',
      lastName: 'Alpha',
      email: 'amy@example.com',
      active: false,
      userType: 'SUPERUSER',
    });
  });

  it('sorts by any column both ways, searches ISID, names and e-mail, and pages', async () => {
    const desc = await listAdminUsers(PERSONAS.admin, { ...listQuery, sort: 'firstName', order: 'desc' });
    expect(desc.items.map((u) => u.id)).toEqual(['zed', 'bob', 'amy']);
    const active = await listAdminUsers(PERSONAS.admin, { ...listQuery, sort: 'active' });
    expect(active.items[0]?.id).toBe('amy');
    expect(
      (await listAdminUsers(PERSONAS.admin, { ...listQuery, q: 'CORP' })).items.map((u) => u.id),
    ).toEqual(['bob']);
    expect((await listAdminUsers(PERSONAS.admin, { ...listQuery, q: 'zulu zed' })).total).toBe(1);
    const second = await listAdminUsers(PERSONAS.admin, { ...listQuery, offset: 2, limit: 2 });
    expect(second).toEqual({ items: [expect.objectContaining({ id: 'zed' })], total: 3 });
  });
});

describe('enroll', () => {
  it('takes names and e-mail from the directory, creates the user active and audits it', async () => {
    const detail = await enrollUser(
      PERSONAS.admin,
      { id: 'newbie', userType: 'INTERNALUSER' },
      Date.UTC(2026, 0, 2),
    );
    expect(detail).toMatchObject({ id: 'newbie', firstName: 'Nina', email: 'n@x.com', active: true });
    const [created, extra] = data.createUser.mock.calls[0] as [User, unknown[]];
    expect(created).toMatchObject({ id: 'newbie', userType: 'INTERNALUSER', createdBy: 'admin' });
    expect(extra).toEqual([
      {
        audit: {
          actor: 'admin',
          action: 'USER_ENROLLED',
          target: 'user:newbie',
          after: { userType: 'INTERNALUSER', active: true },
        },
      },
    ]);
  });

  it("answers 404 'User not found' for someone outside the directory and writes nothing", async () => {
    directory.findDirectoryEntry.mockResolvedValue(undefined);
    await expect(enrollUser(PERSONAS.admin, { id: 'ghost', userType: 'INTERNALUSER' })).rejects.toMatchObject(
      {
        statusCode: 404,
        message: 'User not found',
      },
    );
    expect(data.createUser).not.toHaveBeenCalled();
  });
});

describe('update', () => {
  it('deactivates another user: audit before and after, sessions signed out, nothing else touched', async () => {
    const detail = await updateAdminUser(PERSONAS.admin, 'target', { active: false });
    expect(detail.active).toBe(false);
    const [before, after, extra] = data.replaceUser.mock.calls[0] as [User, User, unknown[]];
    expect(before.active).toBe(true);
    expect(after).toEqual({ ...before, active: false });
    expect(extra).toEqual([
      {
        audit: {
          actor: 'admin',
          action: 'USER_DEACTIVATED',
          target: 'user:target',
          before: { userType: 'INTERNALUSER', active: true },
          after: { userType: 'INTERNALUSER', active: false },
        },
      },
    ]);
    expect(directory.signOutEverywhere).toHaveBeenCalledWith('target');
  });

  it('keeps the deactivation when the Cognito sign-out fails (the API refuses the user anyway)', async () => {
    directory.signOutEverywhere.mockRejectedValue(new Error('Cognito down'));
    await expect(updateAdminUser(PERSONAS.admin, 'target', { active: false })).resolves.toMatchObject({
      active: false,
    });
    expect(data.replaceUser).toHaveBeenCalledTimes(1);
  });

  it('activates without a sign-out and changes the user type', async () => {
    data.getUser.mockResolvedValue(user('target', 'INTERNALUSER', { active: false }));
    await updateAdminUser(PERSONAS.admin, 'target', { active: true });
    expect(directory.signOutEverywhere).not.toHaveBeenCalled();
    data.getUser.mockResolvedValue(user('target'));
    const promoted = await updateAdminUser(PERSONAS.admin, 'target', { userType: 'SUPERUSER' });
    expect(promoted.userType).toBe('SUPERUSER');
  });

  it('refuses changes to oneself, answers 404 for an unknown user, and writes nothing for no change', async () => {
    data.getUser.mockResolvedValue(PERSONAS.admin);
    await expect(updateAdminUser(PERSONAS.admin, 'admin', { active: false })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      updateAdminUser(PERSONAS.admin, 'admin', { userType: 'INTERNALUSER' }),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    data.getUser.mockResolvedValue(undefined);
    await expect(updateAdminUser(PERSONAS.admin, 'nobody', { active: true })).rejects.toMatchObject({
      statusCode: 404,
      message: 'User not found',
    });
    data.getUser.mockResolvedValue(user('target'));
    await updateAdminUser(PERSONAS.admin, 'target', { active: true, userType: 'INTERNALUSER' });
    expect(data.replaceUser).not.toHaveBeenCalled();
  });
});

describe("'Find user'", () => {
  it('marks enrolled people, keeps unenrolled ones, drops non-personal accounts unless asked, limits', async () => {
    directory.searchDirectory.mockResolvedValue([
      { id: 'b', firstName: 'Nia', lastName: 'B', email: 'b@x' },
      { id: 'a', firstName: 'Nil', lastName: 'A', email: 'a@x' },
      { id: 'svc', firstName: 'Nightly', lastName: 'Svc', email: 's@x' },
    ]);
    data.getUsers.mockResolvedValue([user('a'), user('svc', 'INTERNALUSER', { npa: true })]);
    const query = { name: 'ni', limit: 10, includeNpa: 'false', includeUnenrolled: 'true' } as const;
    const found = await searchDirectoryPeople(PERSONAS.admin, query);
    expect(found.items.map((p) => [p.id, p.enrolled])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    const withNpa = await searchDirectoryPeople(PERSONAS.admin, { ...query, includeNpa: 'true', limit: 2 });
    expect(withNpa.items.map((p) => p.id)).toEqual(['a', 'b']);
    const enrolledOnly = await searchDirectoryPeople(PERSONAS.admin, {
      ...query,
      includeUnenrolled: 'false',
    });
    expect(enrolledOnly.items.map((p) => p.id)).toEqual(['a']);
    expect(await searchDirectoryPeople(PERSONAS.admin, { ...query, name: 'n' })).toEqual({
      items: [],
      total: 0,
    });
  });
});
