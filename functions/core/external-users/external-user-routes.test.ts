import type { ExternalUser } from '@shared/schemas/external-user';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { person, rolesOf } from '../../testing/people';

/**
 * Persona × route for the external user routes (issue 20 §2, §9): each route's use case with a super
 * user, an internal user who manages an entry, one who manages none (no route of this area is theirs:
 * the Externalization flag needs an entry to grant) and an external user. Allowed callers get past
 * authorization (the stubs answer); refused ones get 403 and nothing is written.
 */
const store = vi.hoisted(() => ({ users: new Map<string, ExternalUser>(), writes: [] as unknown[] }));
vi.mock('../../data/external-users', () => ({
  getExternalUser: async (email: string) => store.users.get(email),
  listExternalUsers: async () => [...store.users.values()],
  listExternalUsersByStatus: async (status: string) =>
    [...store.users.values()].filter((u) => u.status === status),
  createExternalUser: async (user: ExternalUser) => {
    store.writes.push(user);
  },
  updateExternalUser: async (user: ExternalUser, version: number) => {
    const next = { ...user, version: version + 1 };
    store.writes.push(next);
    store.users.set(user.email, next);
    return next;
  },
}));
vi.mock('../../data/models', () => ({
  getModel: async (uuid: string) => ({
    uuid,
    name: 'Repo model',
    status: 'PUBLISHED',
    metadata: { platform: 'Model Repository', information_classification: 'Public' },
    roles: rolesOf(),
    theorem: false,
    createdBy: 'owner',
    rev: 1,
  }),
}));
vi.mock('../../data/memberships', () => ({
  listMemberships: async () => [{ modelUuid: 'm1' }],
  // `employee`, an internal user, manages no entry (issue 21 §25); the others manage some.
  managesAnyEntry: async (userId: string) => userId !== 'employee',
}));
vi.mock('../../data/sub-models', () => ({ listSubModels: async () => [] }));
vi.mock('../../data/users', () => ({ getUser: async () => undefined, putUser: async () => undefined }));
vi.mock('../../lib/mailer', () => ({ sendMail: vi.fn(async () => 'id') }));
vi.mock('../settings/get-app-settings', () => ({
  getAppSettings: async () => ({ companyEmailDomains: ['example.com'] }),
}));
vi.mock('./external-grants', async (original) => ({
  ...(await original<typeof import('./external-grants')>()),
  planExternalGrants: vi.fn(async () => ({ items: [], applied: [], skipped: [] })),
  removeExternalGrants: vi.fn(async () => undefined),
}));
vi.mock('./review-registrations', () => ({
  reviewRegistrations: vi.fn(async (_caller: User, decisions: { email: string }[]) => {
    for (const { email } of decisions) {
      const user = store.users.get(email);
      if (user) store.users.set(email, { ...user, status: 'ACTIVE' });
    }
  }),
}));

const manage = await import('./manage-external-users');
const { registerExternalUserFor } = await import('./register-external-user');
const { activateExternalUser } = await import('./activate-external-user');
const { ForbiddenError } = await import('../../lib/errors');

const superUser = person('admin', 'SUPERUSER');
const owner = person('owner');
const employee = person('employee');
const external = person('ext', 'EXTERNALUSER');

function seedUser(email: string, status: ExternalUser['status'], extra: Partial<ExternalUser> = {}): void {
  store.users.set(email, {
    email,
    firstName: 'Ext',
    lastName: 'User',
    externalUserType: 'VENDOR',
    purchaseOrderId: '1',
    status,
    modelAccesses: [],
    accessEndsOn: '2099-01-01',
    registeredBy: 'owner',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    version: 0,
    ...extra,
  });
}

beforeEach(() => {
  store.users.clear();
  store.writes.length = 0;
  seedUser('review@vendor.test', 'PENDING_REVIEW');
  seedUser('active@vendor.test', 'ACTIVE', { userId: 'active@vendor.test' });
  seedUser('inactive@vendor.test', 'INACTIVE', { userId: 'inactive@vendor.test' });
  seedUser('pending@vendor.test', 'PENDING_REGISTRATION');
});

const registration = {
  firstName: 'New',
  lastName: 'Person',
  email: 'new@vendor.test',
  externalUserType: 'VENDOR' as const,
  purchaseOrderId: '42',
  modelAccesses: [{ modelUuid: 'm1', modelRole: 'VIEWER' as const }],
};

type Route = [name: string, run: (caller: User) => Promise<unknown>, allowed: readonly User['userType'][]];
const ROUTES: Route[] = [
  ['GET /v2/external-users', (c) => manage.listExternalUsersFor(c, {}), ['SUPERUSER', 'INTERNALUSER']],
  ['POST /v2/external-users', (c) => registerExternalUserFor(c, registration), ['SUPERUSER', 'INTERNALUSER']],
  [
    'GET /v2/external-users/eligible-models',
    (c) => manage.listEligibleModels(c),
    ['SUPERUSER', 'INTERNALUSER'],
  ],
  [
    'GET …/{email}/overview',
    (c) => manage.getExternalUserOverview(c, 'active@vendor.test'),
    ['SUPERUSER', 'INTERNALUSER'],
  ],
  ['POST …/{email}/activate', (c) => activateExternalUser(c, 'review@vendor.test'), ['SUPERUSER']],
  [
    'POST …/{email}/deactivate',
    (c) => manage.deactivateExternalUserFor(c, 'active@vendor.test'),
    ['SUPERUSER'],
  ],
  [
    'POST …/{email}/reject',
    (c) => manage.rejectExternalUserFor(c, 'review@vendor.test', 'No contract'),
    ['SUPERUSER'],
  ],
  [
    'POST …/{email}/extend',
    (c) =>
      manage.extendExternalAccess(c, 'active@vendor.test', '2099-01-01', new Date('2098-06-01T00:00:00Z')),
    ['SUPERUSER', 'INTERNALUSER'],
  ],
  ['GET /v2/external-users/access-review', (c) => manage.getAccessReview(c), ['SUPERUSER']],
  [
    'POST /v2/external-users/access-review',
    (c) =>
      manage.decideAccessReview(c, { decisions: [{ email: 'active@vendor.test', decision: 'confirm' }] }),
    ['SUPERUSER'],
  ],
];

describe.each(ROUTES)('%s', (_name, run, allowed) => {
  it.each([superUser, owner, employee, external])('as %s', async (caller) => {
    const outcome = await run(caller).then(
      () => 'allowed',
      (error: unknown) => (error instanceof ForbiddenError ? 'forbidden' : error),
    );
    const mayUse = allowed.includes(caller.userType) && caller !== employee;
    expect(outcome).toBe(mayUse ? 'allowed' : 'forbidden');
    if (outcome === 'forbidden') expect(store.writes).toEqual([]);
  });
});

describe('the external user actions', () => {
  it('refuses an action the §4 table disables (409) and changes nothing', async () => {
    await expect(manage.deactivateExternalUserFor(superUser, 'pending@vendor.test')).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(manage.rejectExternalUserFor(superUser, 'active@vendor.test', 'x')).rejects.toMatchObject({
      statusCode: 409,
    });
    // Regenerate Code is the wizard again (002 §2): an ACTIVE person cannot be registered anew.
    await expect(
      registerExternalUserFor(superUser, { ...registration, email: 'active@vendor.test' }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(store.writes).toEqual([]);
  });

  it('rejects with the reason and keeps the person inactive', async () => {
    const summary = await manage.rejectExternalUserFor(superUser, 'review@vendor.test', 'No contract');
    expect(summary.status).toBe('INACTIVE');
    expect(store.users.get('review@vendor.test')).toMatchObject({
      rejectionReason: 'No contract',
      inactiveReason: 'rejected',
    });
  });

  it('registers with the code hash only and mails the code', async () => {
    const { sendMail } = await import('../../lib/mailer');
    const result = await registerExternalUserFor(owner, registration);
    expect(result.message).toBe('Registration code has been emailed to the external user successfully');
    const stored = store.writes[0] as ExternalUser;
    expect(stored).toMatchObject({
      status: 'PENDING_REGISTRATION',
      registeredBy: 'owner',
      modelAccesses: [{ modelUuid: 'm1', modelRole: 'VIEWER', subModelIds: [] }],
    });
    const mail = vi.mocked(sendMail).mock.calls.at(-1)?.[0];
    const code = /^ {4}(\S+)$/m.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toHaveLength(43);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('registers a known, not yet active person again from the wizard (Regenerate Code, 002 §2): new accesses, new code', async () => {
    const oldHash = 'a'.repeat(64);
    seedUser(registration.email, 'INACTIVE', {
      registrationCode: {
        hash: oldHash,
        issuedAt: '2025-12-25T00:00:00.000Z',
        expiresAt: '2026-01-01T00:00:00.000Z',
      },
      modelAccesses: [],
      version: 4,
    });
    await registerExternalUserFor(owner, registration);
    const stored = store.writes[0] as ExternalUser;
    expect(stored).toMatchObject({
      status: 'PENDING_REGISTRATION',
      version: 5,
      modelAccesses: [{ modelUuid: 'm1', modelRole: 'VIEWER', subModelIds: [] }],
    });
    expect(stored.registrationCode?.hash).not.toBe(oldHash);
  });

  it('refuses to register an ACTIVE person again (409), writing nothing', async () => {
    seedUser(registration.email, 'ACTIVE');
    await expect(registerExternalUserFor(owner, registration)).rejects.toMatchObject({ statusCode: 409 });
    expect(store.writes).toEqual([]);
  });

  it('refuses a company address and a role the platform does not have (422), writing nothing', async () => {
    await expect(
      registerExternalUserFor(owner, { ...registration, email: 'x@example.com' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      registerExternalUserFor(owner, {
        ...registration,
        modelAccesses: [{ modelUuid: 'm1', modelRole: 'SCENARIOMODELER' }],
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(store.writes).toEqual([]);
  });

  it('refuses a model the caller does not manage (though they manage others)', async () => {
    const viewer = person('someone');
    await expect(registerExternalUserFor(viewer, registration)).rejects.toMatchObject({
      statusCode: 422,
      message: 'You may not give external users access to Repo model.',
    });
  });
});
