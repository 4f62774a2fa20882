import { describe, expect, it } from 'vitest';
import { ConflictError, UnprocessableError } from '../../lib/errors';
import { rolesOf } from '../../testing/people';
import { GRANT_MESSAGES, grantableRoles, planGrant } from './grant-rules';

const roles = rolesOf({
  owners: ['lead', 'owner'],
  viewers: ['viewer'],
  displayViewers: ['display'],
  calibrationModelers: ['modeler'],
});
const internal = (id: string) => ({ id, userType: 'INTERNALUSER' as const });
const external = (id: string) => ({ id, userType: 'EXTERNALUSER' as const });

describe('grantableRoles', () => {
  it('offers the modeler and display roles only on WebModel 2.0', () => {
    expect(grantableRoles(undefined)).toEqual(['VIEWER', 'OWNER']);
    expect(grantableRoles('Oncology')).toEqual(['VIEWER', 'OWNER']);
    expect(grantableRoles('WebModel 2.0')).toHaveLength(5);
  });
});

describe('planGrant', () => {
  it('adds a new viewer', () => {
    const plan = planGrant({ roles, role: 'VIEWER', grantee: internal('emp'), platform: undefined });
    expect(plan).toEqual({ changed: true, roles: { ...roles, viewers: ['viewer', 'emp'] } });
  });

  it('changes nothing when the user already holds the role', () => {
    expect(planGrant({ roles, role: 'VIEWER', grantee: internal('viewer'), platform: undefined })).toEqual({
      changed: false,
    });
    expect(planGrant({ roles, role: 'OWNER', grantee: internal('lead'), platform: undefined })).toEqual({
      changed: false,
    });
  });

  it('applies role exclusivity: a viewer made owner leaves the viewers', () => {
    const plan = planGrant({ roles, role: 'OWNER', grantee: internal('viewer'), platform: undefined });
    expect(plan.changed && plan.roles.owners).toEqual(['lead', 'owner', 'viewer']);
    expect(plan.changed && plan.roles.viewers).toEqual([]);
  });

  it('moves a display viewer up to viewer on WebModel 2.0', () => {
    const plan = planGrant({ roles, role: 'VIEWER', grantee: internal('display'), platform: 'WebModel 2.0' });
    expect(plan.changed && [plan.roles.viewers, plan.roles.displayViewers]).toEqual([
      ['viewer', 'display'],
      [],
    ]);
  });

  it('refuses the WebModel 2.0 roles on other entries', () => {
    expect(() =>
      planGrant({ roles, role: 'CALIBRATORMODELER', grantee: internal('emp'), platform: 'Model Repository' }),
    ).toThrow(UnprocessableError);
  });

  it('gives external users read access only', () => {
    expect(() => planGrant({ roles, role: 'OWNER', grantee: external('ext'), platform: undefined })).toThrow(
      GRANT_MESSAGES.externalReadOnly,
    );
    expect(() =>
      planGrant({ roles, role: 'SCENARIOMODELER', grantee: external('ext'), platform: 'WebModel 2.0' }),
    ).toThrow(GRANT_MESSAGES.externalReadOnly);
    expect(planGrant({ roles, role: 'VIEWER', grantee: external('ext'), platform: undefined }).changed).toBe(
      true,
    );
    expect(
      planGrant({ roles, role: 'DISPLAYVIEWER', grantee: external('ext'), platform: 'WebModel 2.0' }).changed,
    ).toBe(true);
  });

  it('never demotes a lead, steward or owner through a grant link', () => {
    for (const id of ['lead', 'steward', 'owner']) {
      expect(() => planGrant({ roles, role: 'VIEWER', grantee: internal(id), platform: undefined })).toThrow(
        ConflictError,
      );
    }
  });

  it('lets the steward become an owner too', () => {
    const plan = planGrant({ roles, role: 'OWNER', grantee: internal('steward'), platform: undefined });
    expect(plan.changed && plan.roles.owners).toEqual(['lead', 'owner', 'steward']);
  });
});
