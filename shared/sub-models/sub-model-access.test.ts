import { describe, expect, it } from 'vitest';
import type { Outcome } from '../rules/model-permissions';
import type { ModelRoles } from '../schemas/model';
import { SUB_MODEL_MESSAGES } from './messages';
import type { SubModelType } from './sub-model';
import {
  instanceRolePermission,
  modelRolesOf,
  type SubModelAction,
  subModelAccessProblem,
  subModelPermission,
  visibleSections,
} from './sub-model-access';

const roles: ModelRoles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: ['lead', 'owner'],
  viewers: ['viewer'],
  displayViewers: ['display'],
  calibrationModelers: ['calibrator', 'both'],
  scenarioModelers: ['scenarist', 'both'],
};
const personas = {
  admin: { id: 'admin', userType: 'SUPERUSER' as const },
  lead: { id: 'lead', userType: 'INTERNALUSER' as const },
  steward: { id: 'steward', userType: 'INTERNALUSER' as const },
  owner: { id: 'owner', userType: 'INTERNALUSER' as const },
  viewer: { id: 'viewer', userType: 'INTERNALUSER' as const },
  calibrator: { id: 'calibrator', userType: 'INTERNALUSER' as const },
  scenarist: { id: 'scenarist', userType: 'INTERNALUSER' as const },
  both: { id: 'both', userType: 'INTERNALUSER' as const },
  display: { id: 'display', userType: 'INTERNALUSER' as const },
  stranger: { id: 'stranger', userType: 'INTERNALUSER' as const },
};
type Persona = keyof typeof personas;

const A: Outcome = 'allowed';
const D: Outcome = 'disallowed';
const F: Outcome = 'forbidden';

/** persona → [view, add, edit, delete] per section (§6 and our reading in sub-model-access.ts). */
const table: Record<SubModelType, Record<Persona, [Outcome, Outcome, Outcome, Outcome]>> = {
  scenario: {
    admin: [A, A, A, A],
    lead: [A, A, A, A],
    steward: [A, A, A, A],
    owner: [A, A, A, A],
    viewer: [A, D, D, D],
    calibrator: [A, D, D, D],
    scenarist: [A, A, D, D],
    both: [A, A, D, D],
    display: [A, D, D, D],
    stranger: [D, D, D, D],
  },
  calibration: {
    admin: [A, A, A, A],
    lead: [A, A, A, A],
    steward: [A, A, A, A],
    owner: [A, A, A, A],
    viewer: [A, D, D, D],
    calibrator: [A, A, D, D],
    scenarist: [D, F, F, F],
    both: [A, A, D, D],
    display: [D, D, D, D],
    stranger: [D, D, D, D],
  },
  display: {
    admin: [A, A, D, D],
    lead: [A, A, D, D],
    steward: [A, A, D, D],
    owner: [A, A, D, D],
    viewer: [A, D, D, D],
    calibrator: [A, D, D, D],
    scenarist: [A, D, D, D],
    both: [A, D, D, D],
    display: [A, D, D, D],
    stranger: [D, D, D, D],
  },
};
const ACTIONS: SubModelAction[] = ['view', 'add', 'edit', 'delete'];

describe('sub-model permissions per section (§6)', () => {
  for (const [type, rows] of Object.entries(table) as [SubModelType, (typeof table)['scenario']][]) {
    for (const [persona, outcomes] of Object.entries(rows) as [Persona, Outcome[]][]) {
      ACTIONS.forEach((action, i) => {
        it(`${action} in the ${type} section is ${outcomes[i]} for ${persona}`, () => {
          expect(subModelPermission(action, personas[persona], roles, type)).toBe(outcomes[i]);
        });
      });
    }
  }
});

describe('visible sections', () => {
  it.each([
    ['admin', ['scenario', 'calibration', 'display']],
    ['viewer', ['scenario', 'calibration', 'display']],
    ['calibrator', ['scenario', 'calibration', 'display']],
    ['scenarist', ['scenario', 'display']],
    ['display', ['scenario', 'display']],
    ['stranger', []],
  ] as [Persona, SubModelType[]][])('%s sees %j', (persona, sections) => {
    expect(visibleSections(personas[persona], roles)).toEqual(sections);
  });
});

describe('instance role permissions', () => {
  const rows: [Persona, SubModelType, 'view' | 'add' | 'share', Outcome, string?][] = [
    ['owner', 'scenario', 'add', A],
    ['viewer', 'scenario', 'add', A],
    ['scenarist', 'scenario', 'add', A],
    ['calibrator', 'calibration', 'add', A],
    ['scenarist', 'calibration', 'add', F],
    ['scenarist', 'calibration', 'view', D],
    ['display', 'scenario', 'add', D],
    ['display', 'scenario', 'view', A],
    ['owner', 'display', 'view', D],
    ['stranger', 'scenario', 'view', D],
    ['owner', 'scenario', 'share', A],
    ['calibrator', 'scenario', 'share', A],
    ['viewer', 'scenario', 'share', D],
    ['viewer', 'scenario', 'share', A, 'viewer'],
    ['scenarist', 'scenario', 'share', A, 'scenarist'],
    ['scenarist', 'scenario', 'share', D, 'someone'],
    ['admin', 'calibration', 'share', A],
  ];
  it.each(rows)('%s in %s: %s is %s (creator %s)', (persona, type, action, expected, creator) => {
    const instance = creator ? { createdBy: creator } : undefined;
    expect(instanceRolePermission(action, personas[persona], roles, type, instance)).toBe(expected);
  });
});

describe('sub-model access for assignment and sharing (§6)', () => {
  it.each([
    ['scenarist', 'calibration', SUB_MODEL_MESSAGES.subModelAccessDenied],
    ['display', 'calibration', SUB_MODEL_MESSAGES.subModelAccessDenied],
    ['stranger', 'scenario', SUB_MODEL_MESSAGES.subModelAccessDenied],
    ['calibrator', 'calibration', undefined],
    ['scenarist', 'scenario', undefined],
    ['display', 'display', undefined],
  ] as [Persona, SubModelType, string | undefined][])(
    '%s on a %s sub-model: %s',
    (persona, type, expected) => {
      expect(subModelAccessProblem(modelRolesOf(persona, roles), type)).toBe(expected);
    },
  );
  it('a super user always has access', () => {
    expect(subModelAccessProblem(new Set(), 'calibration', true)).toBeUndefined();
  });
  it('the message is the spec text', () => {
    expect(SUB_MODEL_MESSAGES.subModelAccessDenied).toBe(
      "Selected User doesn't have the access to this Sub Model. Please contact Model Owner to grant access to the Sub Model.",
    );
  });
});

describe('modelRolesOf', () => {
  it('lists every role a user holds', () => {
    expect([...modelRolesOf('lead', roles)].sort()).toEqual(['OWNER', 'VESTLEAD']);
    expect([...modelRolesOf('both', roles)].sort()).toEqual(['CALIBRATORMODELER', 'SCENARIOMODELER']);
  });
});
