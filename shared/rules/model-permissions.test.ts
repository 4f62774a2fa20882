import { describe, expect, it } from 'vitest';
import type { ModelRoles, ModelStatus } from '../schemas/model';
import { type ModelAction, modelPermission, type Outcome, relationOf } from './model-permissions';

const roles: ModelRoles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: ['lead', 'owner'],
  viewers: ['viewer'],
  displayViewers: ['display'],
  calibrationModelers: ['modeler'],
  scenarioModelers: [],
};
const users = {
  admin: { id: 'admin', userType: 'SUPERUSER' as const },
  owner: { id: 'owner', userType: 'INTERNALUSER' as const },
  steward: { id: 'steward', userType: 'INTERNALUSER' as const },
  viewer: { id: 'viewer', userType: 'INTERNALUSER' as const },
  modeler: { id: 'modeler', userType: 'INTERNALUSER' as const },
  display: { id: 'display', userType: 'INTERNALUSER' as const },
  stranger: { id: 'stranger', userType: 'INTERNALUSER' as const },
  vendor: { id: 'vendor', userType: 'EXTERNALUSER' as const },
};
type Who = keyof typeof users;

const table: [ModelAction, ModelStatus, Partial<Record<Who, Outcome>>][] = [
  [
    'deleteDraft',
    'DRAFT',
    { admin: 'allowed', owner: 'allowed', steward: 'allowed', viewer: 'disallowed', stranger: 'disallowed' },
  ],
  ['deleteDraft', 'PUBLISHED', { owner: 'forbidden', viewer: 'disallowed' }],
  ['publish', 'DRAFT', { owner: 'allowed', viewer: 'disallowed', modeler: 'disallowed' }],
  ['publish', 'PUBLISHED', { owner: 'forbidden', admin: 'forbidden' }],
  ['retire', 'PUBLISHED', { owner: 'allowed', viewer: 'disallowed' }],
  ['retire', 'DRAFT', { owner: 'forbidden' }],
  [
    'downloadAll',
    'PUBLISHED',
    {
      owner: 'allowed',
      viewer: 'allowed',
      modeler: 'forbidden',
      display: 'forbidden',
      stranger: 'disallowed',
    },
  ],
  ['edit', 'PUBLISHED', { owner: 'allowed', viewer: 'disallowed' }],
  ['edit', 'RETIRED', { owner: 'forbidden', viewer: 'disallowed' }],
  ['versionControl', 'PUBLISHED', { viewer: 'allowed', modeler: 'disallowed' }],
  ['folderView', 'PUBLISHED', { viewer: 'allowed', display: 'forbidden', stranger: 'disallowed' }],
  // Version Tracking (issue 18, docs/permissions.md "Versions and lineage").
  [
    'newVersion',
    'PUBLISHED',
    {
      admin: 'allowed',
      owner: 'allowed',
      steward: 'allowed',
      viewer: 'disallowed',
      modeler: 'disallowed',
      stranger: 'disallowed',
      vendor: 'disallowed',
    },
  ],
  ['newVersion', 'DRAFT', { owner: 'allowed', viewer: 'disallowed' }],
  ['newVersion', 'RETIRED', { owner: 'forbidden', steward: 'disallowed' }],
  [
    'editLineage',
    'PUBLISHED',
    {
      admin: 'allowed',
      owner: 'allowed',
      viewer: 'disallowed',
      modeler: 'disallowed',
      stranger: 'disallowed',
    },
  ],
  ['editLineage', 'RETIRED', { owner: 'forbidden' }],
  [
    'seeHistory',
    'PUBLISHED',
    { admin: 'allowed', owner: 'allowed', steward: 'allowed', viewer: 'disallowed', display: 'disallowed' },
  ],
  // Retired: owners (the lead is one) and super users only; not the steward who is no owner (issue 21 §22).
  ['view', 'RETIRED', { owner: 'allowed', admin: 'allowed', steward: 'disallowed', viewer: 'disallowed' }],
  ['preview', 'RETIRED', { owner: 'allowed', steward: 'disallowed', stranger: 'disallowed' }],
  ['preview', 'PUBLISHED', { stranger: 'allowed', vendor: 'disallowed' }],
  ['preview', 'DRAFT', { stranger: 'disallowed', viewer: 'allowed' }],
  ['requestAccess', 'PUBLISHED', { stranger: 'allowed', viewer: 'disallowed', vendor: 'disallowed' }],
];

describe('modelPermission', () => {
  for (const [action, status, outcomes] of table) {
    for (const [who, expected] of Object.entries(outcomes) as [Who, Outcome][]) {
      it(`${action} on a ${status} model is ${expected} for ${who}`, () => {
        expect(modelPermission(action, users[who], { status, roles })).toBe(expected);
      });
    }
  }

  it('makes a THEOREM model read-only without the model_access flag', () => {
    const model = {
      status: 'PUBLISHED' as const,
      roles,
      platform: 'Oncology' as const,
      theoremFlags: {
        model_access: 'false',
        allow_access: 'true',
        data_cut_access: 'true',
        country_access: 'true',
      } as const,
    };
    expect(modelPermission('edit', users.owner, model)).toBe('forbidden');
    expect(
      modelPermission('edit', users.owner, {
        ...model,
        theoremFlags: { ...model.theoremFlags, model_access: 'true' },
      }),
    ).toBe('allowed');
    // Super users administer THEOREM entries whatever their own flags say.
    expect(modelPermission('edit', users.admin, model)).toBe('allowed');
  });

  it('makes PNEU-insights models read-only for owners', () => {
    expect(
      modelPermission('manageAccess', users.owner, {
        status: 'PUBLISHED',
        roles,
        platform: 'Pneumococcal Vaccines',
      }),
    ).toBe('forbidden');
  });
});

describe('relationOf', () => {
  it('gives the strongest relation', () => {
    expect(relationOf(users.admin, { status: 'DRAFT', roles })).toBe('superuser');
    expect(relationOf({ id: 'lead', userType: 'INTERNALUSER' }, { status: 'DRAFT', roles })).toBe('manager');
    expect(relationOf(users.display, { status: 'DRAFT', roles })).toBe('displayViewer');
  });
});
