import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { NotFoundError } from '../../lib/errors';
import { person, rolesOf } from '../../testing/people';
import { instancePermissions, loadInstance, seesInstance } from './instance-access';
import { queryInstances, rowSource, toRow } from './instance-query';

/**
 * Who reads an analysis (issue 19, docs/permissions.md "Analyses"): a saved one everyone who sees the
 * display section; a hidden one (the flow's draft) only those who may change it, and for everyone
 * else it does not exist (404 by id, absent from the hidden list), however well they guess its id.
 */

const stored = new Map<string, InstanceRecord>();
vi.mock('../../data/instances', () => ({
  getInstance: async (_uuid: string, id: string) => stored.get(id),
}));

const roles = rolesOf({
  viewers: ['viewer'],
  displayViewers: ['vendor'],
  calibrationModelers: ['modeler'],
  scenarioModelers: ['employee', 'other', 'shared'],
});
const model = { uuid: 'u1', status: 'DRAFT', roles } as unknown as ModelRecord;

const analysis = (overrides: Partial<InstanceRecord> = {}) =>
  ({
    id: 'a1',
    modelUuid: 'u1',
    name: 'Scenario Analysis 2026-11-28 10:00:00',
    nameKey: 'scenario analysis 2026-11-28 10:00:00',
    status: 'COMPLETED',
    type: 'display',
    executionSetupId: 'display-1',
    createdBy: 'employee',
    createdByName: 'Employee Test',
    createdOn: '2026-11-28T10:00:00.000Z',
    modifiedOn: '2026-11-28T10:00:00.000Z',
    outdated: false,
    hidden: true,
    sharedWith: ['shared'],
    rev: 1,
    ...overrides,
  }) as unknown as InstanceRecord;

const readers: [string, User][] = [
  ['its creator', person('employee')],
  ['a user it is shared with', person('shared')],
  ['an owner', person('owner')],
  ['the lead', person('lead')],
  ['the steward', person('steward')],
  ['a super user', person('admin', 'SUPERUSER')],
];
const others: [string, User][] = [
  ['a viewer', person('viewer')],
  ['a display viewer', person('vendor', 'EXTERNALUSER')],
  ['a calibration modeler', person('modeler')],
  ['another scenario modeler', person('other')],
];

beforeEach(() => stored.clear());

describe('a hidden analysis (a draft of the flow)', () => {
  it.each(readers)('is read by id by %s', async (_who, user) => {
    stored.set('a1', analysis());
    await expect(loadInstance(user, model, 'a1')).resolves.toMatchObject({ id: 'a1' });
  });

  it.each(others)('is not found by id for %s (404, as an id that does not exist)', async (_who, user) => {
    stored.set('a1', analysis());
    const error = await loadInstance(user, model, 'a1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const missing = await loadInstance(user, model, 'nope').catch((e: unknown) => e);
    expect((error as Error).message).toBe((missing as Error).message);
  });

  it('is listed among the hidden analyses only for those who may read it', () => {
    const source = rowSource([toRow(analysis())]);
    const hiddenList = (user: User) =>
      queryInstances(
        source,
        { view: 'all', hidden: true, pageIndex: 0, pageSize: 20, orderBy: 'createdOn', orderDesc: true },
        {
          id: user.id,
          visibleTypes: new Set(['scenario', 'display']),
          seesDraft: (row) => seesInstance(user, model, { ...row, type: 'display', hidden: true }),
        },
      ).items.map((i) => i.id);
    for (const [who, user] of readers) expect(hiddenList(user), who).toEqual(['a1']);
    for (const [who, user] of others) expect(hiddenList(user), who).toEqual([]);
  });

  it('keeps the default of the list query to its creator and the users it is shared with', () => {
    const source = rowSource([toRow(analysis())]);
    const ids = (id: string) =>
      queryInstances(
        source,
        { view: 'all', hidden: true, pageIndex: 0, pageSize: 20, orderBy: 'createdOn', orderDesc: true },
        { id, visibleTypes: new Set(['display']) },
      ).items.map((i) => i.id);
    expect([ids('employee'), ids('shared'), ids('viewer')]).toEqual([['a1'], ['a1'], []]);
  });
});

describe('a saved analysis', () => {
  it.each([...readers, ...others])('is read by %s, who sees the display section', async (_who, user) => {
    stored.set('a1', analysis({ hidden: false }));
    await expect(loadInstance(user, model, 'a1')).resolves.toMatchObject({ id: 'a1' });
  });

  it('is not found by a user without a role on the entry', async () => {
    stored.set('a1', analysis({ hidden: false }));
    await expect(loadInstance(person('stranger'), model, 'a1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('is changed only by those who may save it: read-only (forbidden) for the others who see it', () => {
    const saved = analysis({ hidden: false, status: 'DRAFT' });
    for (const [who, user] of readers)
      expect(instancePermissions(user, model, saved).edit, who).toBe('allowed');
    for (const [who, user] of others)
      expect(instancePermissions(user, model, saved).edit, who).toBe('forbidden');
  });
});
