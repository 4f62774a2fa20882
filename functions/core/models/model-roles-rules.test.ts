import { ROLE_MESSAGES } from '@shared/rules/model-roles';
import type { GrantableRole } from '@shared/schemas/collaboration';
import type { ModelRoles } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRecord } from '../../data/models';
import { namedPerson, peopleById, rolesOf } from '../../testing/people';

/**
 * The role rules of issue 9 §2, §3 and §12 on the use cases: who may change the lead and the steward,
 * one answer on 'Update Permissions' (PUT .../roles) and the grant link (POST .../grants) for roles
 * the platform lacks and for inactive users, and exclusivity refused instead of silently applied.
 */
const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const users = vi.hoisted(() => ({ getUser: vi.fn(), getUsers: vi.fn() }));
vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/transactions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...transactions,
}));
vi.mock('../../data/users', async (importOriginal) => ({ ...(await importOriginal<object>()), ...users }));
vi.mock('../../lib/mailer', () => ({ sendMail: vi.fn().mockResolvedValue(undefined) }));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B', webUrl: 'https://mr.example' } }));

const { setModelRoles } = await import('./model-roles');
const { grantModelRole } = await import('../access/grant-model-role');

const PEOPLE = peopleById(
  namedPerson('lead'),
  namedPerson('steward'),
  namedPerson('owner'),
  namedPerson('viewer'),
  namedPerson('employee'),
  namedPerson('admin', 'SUPERUSER'),
  namedPerson('inactive', 'INTERNALUSER', { active: false }),
);
const who = (id: string) => PEOPLE.get(id) as User;
const roles = rolesOf({ owners: ['lead', 'owner'], viewers: ['viewer'] });
const UUID = '11111111-1111-4111-8111-111111111111';
const stored = (platform = 'Model Repository'): ModelRecord =>
  ({
    uuid: UUID,
    name: 'Entry',
    nameKey: 'entry',
    metaKey: 'fp',
    status: 'DRAFT',
    metadata: { global: 'true', platform },
    roles,
    createdBy: 'lead',
    creatorName: 'Lead Test',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 1,
    theorem: false,
    pneu: false,
    rev: 3,
  }) as ModelRecord;

beforeEach(() => {
  vi.clearAllMocks();
  models.getModel.mockResolvedValue(stored());
  transactions.runTransaction.mockResolvedValue(undefined);
  users.getUser.mockImplementation(async (id: string) => PEOPLE.get(id));
  users.getUsers.mockImplementation(async (ids: Iterable<string>) =>
    [...ids].flatMap((id) => (PEOPLE.has(id) ? [PEOPLE.get(id)] : [])),
  );
});

const put = (caller: string, next: ModelRoles) => setModelRoles(who(caller), UUID, { roles: next, rev: 3 });

describe('who may change the lead and the steward', () => {
  it('refuses an owner who names a new lead and leaves the old one out (403), and writes nothing', async () => {
    await expect(put('owner', { ...roles, vestLead: 'owner', owners: ['owner'] })).rejects.toMatchObject({
      statusCode: 403,
      message: ROLE_MESSAGES.changeLead,
    });
    await expect(put('owner', { ...roles, steward: 'owner' })).rejects.toMatchObject({
      statusCode: 403,
      message: ROLE_MESSAGES.changeSteward,
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it.each(['lead', 'steward', 'admin'])('lets the %s change the lead', async (caller) => {
    const detail = await put(caller, { ...roles, vestLead: 'employee' });
    expect(detail.roles.vestLead).toBe('employee');
    // The former lead stays an owner unless taken out in the same change.
    expect(detail.roles.owners).toEqual(expect.arrayContaining(['lead', 'employee']));
  });

  it('lets an owner change the owners and viewers', async () => {
    const detail = await put('owner', { ...roles, viewers: ['viewer', 'employee'] });
    expect(detail.roles.viewers).toEqual(['viewer', 'employee']);
  });
});

describe('exclusivity is refused, not silently applied', () => {
  it('refuses the steward as a viewer (422 naming the user) instead of answering success', async () => {
    await expect(put('lead', { ...roles, viewers: ['viewer', 'steward'] })).rejects.toMatchObject({
      statusCode: 422,
      message:
        'Steward Test cannot be both Model Steward and Model Viewer: a user holds one role on a model entry.',
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });
});

describe('one rule, one answer on PUT .../roles and POST .../grants', () => {
  const answerOf = async (work: Promise<unknown>) => {
    const error = (await work.then(
      () => undefined,
      (e: unknown) => e,
    )) as { statusCode?: number; message?: string } | undefined;
    return { status: error?.statusCode, message: error?.message };
  };
  const grant = (role: GrantableRole, userId: string) => grantModelRole(who('lead'), UUID, { role, userId });

  it.each([
    ['CALIBRATORMODELER', 'calibrationModelers', 'Calibration Modeler'],
    ['SCENARIOMODELER', 'scenarioModelers', 'Scenario Modeler'],
    ['DISPLAYVIEWER', 'displayViewers', 'Display User'],
  ] as const)('refuses %s on a Model Repository entry', async (role, list, label) => {
    const viaRoles = await answerOf(put('lead', { ...roles, [list]: ['employee'] }));
    const viaGrant = await answerOf(grant(role, 'employee'));
    expect(viaRoles).toEqual({
      status: 422,
      message: `${label} access exists on 'WebModel 2.0' model entries only.`,
    });
    expect(viaGrant).toEqual(viaRoles);
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it('accepts them on a WebModel 2.0 entry', async () => {
    models.getModel.mockResolvedValue(stored('WebModel 2.0'));
    const detail = await put('lead', { ...roles, calibrationModelers: ['employee'] });
    expect(detail.roles.calibrationModelers).toEqual(['employee']);
  });

  it.each([
    ['inactive', ROLE_MESSAGES.userInactive('inactive')],
    ['nobody', ROLE_MESSAGES.userNotFound('nobody')],
  ])('refuses the %s user the same way', async (userId, message) => {
    const viaRoles = await answerOf(put('lead', { ...roles, viewers: ['viewer', userId] }));
    const viaGrant = await answerOf(grant('VIEWER', userId));
    expect(viaRoles).toEqual({ status: 422, message });
    expect(viaGrant).toEqual(viaRoles);
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });
});
