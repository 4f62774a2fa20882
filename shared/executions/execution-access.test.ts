import { describe, expect, it } from 'vitest';
import type { PermissionUser } from '../rules/model-permissions';
import type { ModelRoles } from '../schemas/model';
import { cancelOutcome, executeOutcome, governanceOutcome } from './execution-access';

const roles: ModelRoles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: ['owner'],
  viewers: ['viewer'],
  displayViewers: ['display'],
  calibrationModelers: ['calibrator'],
  scenarioModelers: ['modeler'],
} as ModelRoles;

const user = (id: string, userType: PermissionUser['userType'] = 'INTERNALUSER'): PermissionUser => ({
  id,
  userType,
});
const scenario = {
  type: 'scenario' as const,
  status: 'DRAFT' as const,
  createdBy: 'modeler',
  sharedWith: ['viewer'],
};

describe('executeOutcome', () => {
  it('lets the creator, a user it is shared with and super users execute', () => {
    expect(executeOutcome(user('modeler'), roles, scenario)).toBe('allowed');
    expect(executeOutcome(user('viewer'), roles, scenario)).toBe('allowed');
    expect(executeOutcome(user('admin', 'SUPERUSER'), roles, scenario)).toBe('allowed');
    expect(executeOutcome(user('owner'), roles, scenario)).toBe('disallowed');
  });

  it('shows Execute disabled while the instance runs and for accepted ones', () => {
    expect(executeOutcome(user('modeler'), roles, { ...scenario, status: 'INPROCESS' })).toBe('forbidden');
    expect(executeOutcome(user('modeler'), roles, { ...scenario, status: 'ACCEPTED' })).toBe('forbidden');
    expect(executeOutcome(user('modeler'), roles, { ...scenario, status: 'COMPLETED' })).toBe('allowed');
  });

  it('hides Execute from those who do not see the section', () => {
    const calibration = {
      ...scenario,
      type: 'calibration' as const,
      createdBy: 'calibrator',
      sharedWith: ['modeler'],
    };
    // A scenario modeler does not see calibrations, even one shared with them.
    expect(executeOutcome(user('modeler'), roles, calibration)).toBe('disallowed');
  });
});

describe('cancelOutcome', () => {
  it('allows the creator and shared users while the run is active', () => {
    const running = { ...scenario, status: 'INQUEUE' as const };
    expect(cancelOutcome(user('modeler'), roles, running)).toBe('allowed');
    expect(cancelOutcome(user('viewer'), roles, running)).toBe('allowed');
    expect(cancelOutcome(user('lead'), roles, running)).toBe('disallowed');
    expect(cancelOutcome(user('modeler'), roles, { ...running, status: 'COMPLETED' })).toBe('forbidden');
  });
});

describe('governanceOutcome', () => {
  const completed = { type: 'calibration' as const, status: 'COMPLETED' as const };

  it('lets owners, the lead, the steward, calibration modelers and super users decide', () => {
    for (const id of ['owner', 'lead', 'steward', 'calibrator'])
      expect(governanceOutcome('accept', user(id), roles, completed), id).toBe('allowed');
    expect(governanceOutcome('accept', user('admin', 'SUPERUSER'), roles, completed)).toBe('allowed');
    expect(governanceOutcome('accept', user('viewer'), roles, completed)).toBe('disallowed');
  });

  it('is hidden for scenario instances and disabled in the wrong status', () => {
    expect(governanceOutcome('accept', user('owner'), roles, { ...completed, type: 'scenario' })).toBe(
      'disallowed',
    );
    expect(governanceOutcome('unaccept', user('owner'), roles, completed)).toBe('forbidden');
    expect(governanceOutcome('supersede', user('owner'), roles, { ...completed, status: 'ACCEPTED' })).toBe(
      'allowed',
    );
  });
});
