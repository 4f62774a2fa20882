import { describe, expect, it } from 'vitest';
import { EMPTY_ROLES, type ModelRoles } from '../schemas/model';
import {
  assignmentProblem,
  assignRole,
  mayChangeLeadAndSteward,
  normalizeRoles,
  ROLE_MESSAGES,
  type RoleUser,
  roleChangeProblems,
  roleChangeRefusal,
  roleConflicts,
  roleExistsOn,
} from './model-roles';

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

describe('who may change the lead and the steward (docs/permissions.md)', () => {
  const newLead = { ...base, vestLead: 'owner', owners: ['lead', 'owner'] };
  const newSteward = { ...base, steward: 'owner' };
  const steward: RoleUser = { id: 'steward', userType: 'INTERNALUSER' };
  const lead: RoleUser = { id: 'lead', userType: 'INTERNALUSER' };
  const admin: RoleUser = { id: 'admin', userType: 'SUPERUSER' };

  it.each([
    ['the lead', lead, true],
    ['the steward', steward, true],
    ['a super user', admin, true],
    ['a model owner', owner, false],
  ])('%s → %s', (_who, actor, allowed) => {
    expect(mayChangeLeadAndSteward(actor, base)).toBe(allowed);
    expect(roleChangeRefusal({ before: base, after: newLead, actor })).toBe(
      allowed ? undefined : ROLE_MESSAGES.changeLead,
    );
    expect(roleChangeRefusal({ before: base, after: newSteward, actor })).toBe(
      allowed ? undefined : ROLE_MESSAGES.changeSteward,
    );
  });

  it('refuses an owner who drops the lead by naming a new one and leaving the old one out', () => {
    const after = normalizeRoles({ ...base, vestLead: 'owner', owners: ['owner'] });
    expect(roleChangeRefusal({ before: base, after, actor: owner })).toBe(ROLE_MESSAGES.changeLead);
  });

  it('lets an owner change everything else, set a lead or steward that is missing, and create an entry', () => {
    const after = { ...base, viewers: ['x'], owners: ['lead', 'owner', 'y'] };
    expect(roleChangeRefusal({ before: base, after, actor: owner })).toBeUndefined();
    const { steward: _s, ...noSteward } = base;
    expect(roleChangeRefusal({ before: noSteward, after: base, actor: owner })).toBeUndefined();
    expect(roleChangeRefusal({ before: undefined, after: base, actor: owner })).toBeUndefined();
  });
});

describe('exclusivity is refused, not silently applied (roleConflicts, assignmentProblem)', () => {
  it('finds users named in roles that exclude each other', () => {
    expect(roleConflicts({ ...base, viewers: ['steward', 'v'], displayViewers: ['v'] })).toEqual([
      { userId: 'steward', roles: ['steward', 'viewers'] },
      { userId: 'v', roles: ['viewers', 'displayViewers'] },
    ]);
  });

  it('accepts roles of one tier held together', () => {
    expect(roleConflicts({ ...base, calibrationModelers: ['m'], scenarioModelers: ['m'] })).toEqual([]);
    expect(roleConflicts({ ...base, owners: ['lead', 'steward', 'owner'] })).toEqual([]);
  });

  it('refuses the steward or the lead as viewer, modeler or display user, by name', () => {
    expect(assignmentProblem(base, 'viewers', 'steward', 'Stella Steward')).toBe(
      'Stella Steward cannot be both Model Steward and Model Viewer: a user holds one role on a model entry.',
    );
    expect(assignmentProblem(base, 'displayViewers', 'lead')).toBe(
      ROLE_MESSAGES.oneRole('lead', 'Value and Implementation Lead', 'Display User'),
    );
    expect(assignmentProblem(base, 'owners', 'steward')).toBeUndefined();
    expect(assignmentProblem(base, 'viewers', 'someone')).toBeUndefined();
  });

  it('reports a conflict of the request as a problem of the change', () => {
    const requested = { ...base, viewers: ['steward'] };
    const problems = roleChangeProblems({
      before: base,
      after: normalizeRoles(requested),
      requested,
      actor: owner,
      users: new Map([
        ...users,
        ['steward', { id: 'steward', userType: 'INTERNALUSER', name: 'Stella Steward' }],
      ]),
      model: plain,
    });
    expect(problems).toEqual([
      'Stella Steward cannot be both Model Steward and Model Viewer: a user holds one role on a model entry.',
    ]);
  });
});

describe('roles a platform has and new users who are inactive', () => {
  const withModeler = { ...base, calibrationModelers: ['m'], displayViewers: ['d'] };
  const people = new Map<string, RoleUser>([
    ...users,
    ['m', { id: 'm', userType: 'INTERNALUSER' }],
    ['d', { id: 'd', userType: 'INTERNALUSER' }],
    ['gone', { id: 'gone', userType: 'INTERNALUSER', active: false }],
  ]);

  it('has modeler and display roles on WebModel 2.0 entries only', () => {
    expect(roleExistsOn('calibrationModelers', 'WebModel 2.0')).toBe(true);
    expect(roleExistsOn('calibrationModelers', 'Model Repository')).toBe(false);
    expect(roleExistsOn('viewers', 'Model Repository')).toBe(true);
  });

  it('refuses new modelers and display users on a Model Repository entry with the grant link text', () => {
    const problems = roleChangeProblems({
      before: base,
      after: withModeler,
      actor: owner,
      users: people,
      model: { ...plain, platform: 'Model Repository' },
    });
    expect(problems).toEqual([
      "Calibration Modeler access exists on 'WebModel 2.0' model entries only.",
      "Display User access exists on 'WebModel 2.0' model entries only.",
    ]);
    expect(
      roleChangeProblems({
        before: base,
        after: withModeler,
        actor: owner,
        users: people,
        model: { ...plain, platform: 'WebModel 2.0' },
      }),
    ).toEqual([]);
    // Roles an entry holds from before stay: the entry remains editable.
    expect(
      roleChangeProblems({
        before: withModeler,
        after: withModeler,
        actor: owner,
        users: people,
        model: { ...plain, platform: 'Model Repository' },
      }),
    ).toEqual([]);
  });

  it('refuses modelers and display users on a new Model Repository entry, except holders carried over', () => {
    const create = (platform: string, carried?: typeof base) =>
      roleChangeProblems({
        before: undefined,
        after: withModeler,
        actor: owner,
        users: people,
        model: { ...plain, platform },
        ...(carried ? { carried } : {}),
      });
    expect(create('Model Repository')).toEqual([
      "Calibration Modeler access exists on 'WebModel 2.0' model entries only.",
      "Display User access exists on 'WebModel 2.0' model entries only.",
    ]);
    expect(create('WebModel 2.0')).toEqual([]);
    // A new version of an entry that held them keeps its holders; one added to them is refused.
    expect(create('Model Repository', withModeler)).toEqual([]);
    expect(create('Model Repository', { ...withModeler, displayViewers: [] })).toEqual([
      "Display User access exists on 'WebModel 2.0' model entries only.",
    ]);
  });

  it('refuses an inactive user who is new to the entry, and keeps one who was there before', () => {
    const after = { ...base, viewers: ['gone'] };
    const check = (before: typeof base) =>
      roleChangeProblems({ before, after, actor: owner, users: people, model: plain });
    expect(check(base)).toEqual([ROLE_MESSAGES.userInactive('gone')]);
    expect(check(after)).toEqual([]);
  });
});
