import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import type { User } from '@shared/schemas/user';
import type { InstanceStatus } from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { describe, expect, it } from 'vitest';
import type { InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { rolesOf } from '../../testing/people';
import { instanceOutcome, instancePermissions, requireInstanceAction, visibleTypes } from './instance-access';

const roles = rolesOf({
  owners: ['lead', 'owner'],
  viewers: ['viewer'],
  displayViewers: ['display'],
  calibrationModelers: ['calibrator'],
  scenarioModelers: ['scenarist'],
});
const model = (status: ModelRecord['status'] = 'DRAFT') =>
  ({ uuid: 'u1', status, roles, metadata: { platform: 'WebModel 2.0' } }) as unknown as ModelRecord;
const user = (id: string, userType: User['userType'] = 'INTERNALUSER') =>
  ({ id, userType, firstName: id, lastName: id, email: `${id}@example.com`, active: true }) as User;
const instance = (
  overrides: Partial<{
    status: InstanceStatus;
    type: SubModelType;
    createdBy: string;
    outdated: boolean;
  }> = {},
) =>
  ({
    id: 'i1',
    modelUuid: 'u1',
    status: 'DRAFT',
    type: 'scenario',
    createdBy: 'viewer',
    outdated: false,
    sharedWith: [],
    ...overrides,
  }) as unknown as InstanceRecord;

const errorOf = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('instance state rules on the server (§4)', () => {
  it.each([
    ['DRAFT', 'allowed'],
    ['FAILED', 'allowed'],
    ['CANCELLED', 'allowed'],
    ['COMPLETED', 'forbidden'],
    ['INQUEUE', 'forbidden'],
    ['ACCEPTED', 'forbidden'],
  ] as const)('edit of a %s instance is %s', (status, outcome) => {
    expect(instanceOutcome('edit', user('viewer'), model(), instance({ status }))).toBe(outcome);
  });

  it('refuses to edit a completed instance with 409 and the reason', () => {
    const error = errorOf(() =>
      requireInstanceAction('edit', user('viewer'), model(), instance({ status: 'COMPLETED' })),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(MSG.editState);
  });

  it('clones only a non-outdated instance', () => {
    expect(instanceOutcome('clone', user('owner'), model(), instance())).toBe('allowed');
    const error = errorOf(() =>
      requireInstanceAction('clone', user('owner'), model(), instance({ outdated: true })),
    );
    expect([error instanceof ConflictError, (error as Error).message]).toEqual([true, MSG.cloneOutdated]);
  });

  it.each([
    ['DRAFT', 'allowed'],
    ['FAILED', 'allowed'],
    ['CANCELLED', 'allowed'],
    ['COMPLETED', 'allowed'],
    ['INPROCESS', 'forbidden'],
    ['ACCEPTED', 'forbidden'],
    ['SUPERSEDED', 'forbidden'],
  ] as const)('the creator may delete a %s instance: %s', (status, outcome) => {
    expect(instanceOutcome('delete', user('viewer'), model(), instance({ status }))).toBe(outcome);
  });

  it('lets nobody but the creator delete (403), not even an owner or a super user', () => {
    expect(instanceOutcome('delete', user('owner'), model(), instance())).toBe('disallowed');
    for (const caller of [user('owner'), user('admin', 'SUPERUSER')]) {
      const error = errorOf(() => requireInstanceAction('delete', caller, model(), instance()));
      expect([error instanceof ForbiddenError, (error as Error).message]).toEqual([true, MSG.deleteOwn]);
    }
  });

  it('keeps the instances of a retired entry as they are (409)', () => {
    expect(instancePermissions(user('viewer'), model('RETIRED'), instance())).toEqual({
      edit: 'forbidden',
      clone: 'forbidden',
      delete: 'forbidden',
      share: 'forbidden',
    });
    expect(
      errorOf(() => requireInstanceAction('label', user('viewer'), model('RETIRED'), instance())),
    ).toBeInstanceOf(ConflictError);
  });
});

describe('instance role rules on the server (§6)', () => {
  it('lets a scenario modeler see scenario instances but not calibration ones', () => {
    expect([...visibleTypes(user('scenarist'), model())]).toEqual(['scenario', 'display']);
    expect([...visibleTypes(user('calibrator'), model())]).toEqual(['scenario', 'calibration', 'display']);
    expect([...visibleTypes(user('display'), model())]).toEqual(['scenario', 'display']);
    expect([...visibleTypes(user('stranger'), model())]).toEqual([]);
    expect([...visibleTypes(user('admin', 'SUPERUSER'), model())]).toEqual([
      'scenario',
      'calibration',
      'display',
    ]);
  });

  it('lets owners, calibration modelers and the creator share; others get 403', () => {
    const calibration = instance({ type: 'calibration', createdBy: 'calibrator' });
    expect(instanceOutcome('share', user('owner'), model(), calibration)).toBe('allowed');
    expect(instanceOutcome('share', user('calibrator'), model(), calibration)).toBe('allowed');
    expect(instanceOutcome('share', user('viewer'), model(), instance({ createdBy: 'viewer' }))).toBe(
      'allowed',
    );
    expect(instanceOutcome('share', user('viewer'), model(), instance({ createdBy: 'owner' }))).toBe(
      'disallowed',
    );
    const error = errorOf(() => requireInstanceAction('share', user('viewer'), model(), calibration));
    expect([error instanceof ForbiddenError, (error as Error).message]).toEqual([true, MSG.shareDenied]);
  });

  it('refuses a display viewer adding a clone of a scenario instance (403)', () => {
    expect(
      errorOf(() => requireInstanceAction('clone', user('display'), model(), instance())),
    ).toBeInstanceOf(ForbiddenError);
  });
});
