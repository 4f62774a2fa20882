import { describe, expect, it } from 'vitest';
import { EMPTY_ROLES, type ModelRoles } from '../schemas/model';
import { assignRole, normalizeRoles, ROLE_MESSAGES, type RoleUser, roleChangeProblems } from './model-roles';

const base: ModelRoles = { ...EMPTY_ROLES, vestLead: 'lead', steward: 'steward', owners: ['lead', 'owner'] };

describe('assignRole', () => {
  it('removes a new owner from the modeler, viewer and display-viewer roles', () => {
    const roles = {
      ...base,
      viewers: ['u'],
      displayViewers: ['u'],
      calibrationModelers: ['u'],
      scenarioModelers: ['u'],
    };
    const next = assignRole(roles, 'owners', 'u');
    expect(next.owners).toContain('u');
    expect([next.viewers, next.displayViewers, next.calibrationModelers, next.scenarioModelers]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it('removes a new calibration modeler from the viewers but keeps them a scenario modeler', () => {
    const next = assignRole({ ...base, viewers: ['u'], scenarioModelers: ['u'] }, 'calibrationModelers', 'u');
    expect(next.viewers).toEqual([]);
    expect(next.scenarioModelers).toEqual(['u']);
    expect(next.calibrationModelers).toEqual(['u']);
  });

  it('removes a new display viewer from the viewers (and the other way round)', () => {
    expect(assignRole({ ...base, viewers: ['u'] }, 'displayViewers', 'u').viewers).toEqual([]);
    expect(assignRole({ ...base, displayViewers: ['u'] }, 'viewers', 'u').displayViewers).toEqual([]);
  });

  it('keeps one lead, who is always an owner', () => {
    const next = assignRole(base, 'vestLead', 'newlead');
    expect(next.vestLead).toBe('newlead');
    expect(next.owners).toContain('newlead');
  });
});

describe('normalizeRoles', () => {
  it('lets the owner tier win, then modelers, then viewers', () => {
    const next = normalizeRoles({
      ...base,
      viewers: ['owner', 'm', 'v', 'v'],
      calibrationModelers: ['m', 'steward'],
      displayViewers: ['v', 'd'],
    });
    expect(next.viewers).toEqual(['v']);
    expect(next.calibrationModelers).toEqual(['m']);
    expect(next.displayViewers).toEqual(['d']);
  });
});

const users = new Map<string, RoleUser>([
  ['lead', { id: 'lead', userType: 'INTERNALUSER' }],
  ['steward', { id: 'steward', userType: 'INTERNALUSER' }],
  ['owner', { id: 'owner', userType: 'INTERNALUSER' }],
  ['vendor', { id: 'vendor', userType: 'EXTERNALUSER', externalUserType: 'VENDOR' }],
  ['hta', { id: 'hta', userType: 'EXTERNALUSER', externalUserType: 'HTA' }],
]);
const owner = users.get('owner') as RoleUser;
const plain = { theorem: false, topSensitivity: false };

describe('roleChangeProblems', () => {
  it('accepts a valid change', () => {
    expect(roleChangeProblems({ before: base, after: base, actor: owner, users, model: plain })).toEqual([]);
  });

  it('refuses an external user as lead or steward with the texts of the specification', () => {
    const after = normalizeRoles({ ...base, vestLead: 'vendor', steward: 'vendor' });
    const problems = roleChangeProblems({ before: base, after, actor: owner, users, model: plain });
    expect(problems).toContain(ROLE_MESSAGES.externalLead);
    expect(problems).toContain(ROLE_MESSAGES.externalSteward);
  });

  it('does not let an owner remove themselves or the lead from the owners', () => {
    const problems = roleChangeProblems({
      before: base,
      after: { ...base, owners: ['x'] },
      actor: owner,
      users,
      model: plain,
    });
    expect(problems).toContain(ROLE_MESSAGES.cannotRemoveSelf);
    expect(problems).toContain(ROLE_MESSAGES.cannotRemoveLead);
  });

  it('refuses external users on THEOREM and confidential models', () => {
    const after = { ...base, viewers: ['vendor'] };
    expect(
      roleChangeProblems({
        before: base,
        after,
        actor: owner,
        users,
        model: { theorem: true, topSensitivity: false },
      }),
    ).toEqual(['External user access cannot be added as this is a Theorem model.']);
    expect(
      roleChangeProblems({
        before: base,
        after,
        actor: owner,
        users,
        model: { theorem: false, topSensitivity: true },
      }),
    ).toEqual(['External user access cannot be added as this is a sensitive model.']);
  });

  it('refuses an HTA user as viewer and an unknown user', () => {
    expect(
      roleChangeProblems({
        before: base,
        after: { ...base, viewers: ['hta'] },
        actor: owner,
        users,
        model: plain,
      }),
    ).toEqual([ROLE_MESSAGES.htaViewerOrOwner]);
    expect(
      roleChangeProblems({
        before: base,
        after: { ...base, viewers: ['ghost'] },
        actor: owner,
        users,
        model: plain,
      }),
    ).toEqual(['User ghost was not found.']);
  });
});
