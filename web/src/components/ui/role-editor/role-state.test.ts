// @vitest-environment node
import { ROLE_MESSAGES } from '@shared/rules/model-roles';
import { EMPTY_ROLES } from '@shared/schemas/model';
import { describe, expect, it } from 'vitest';
import { users } from '../../../testing/model-detail-fixtures';
import {
  leadAndStewardLock,
  missingRoles,
  pickUser,
  type RoleFormState,
  removalLock,
  removeUser,
  stewardMetadata,
} from './role-state';

const start = (): RoleFormState => ({
  roles: {
    ...EMPTY_ROLES,
    vestLead: 'leo',
    steward: 'stella',
    owners: ['olivia', 'leo'],
    viewers: ['victor'],
  },
  users,
});
const olivia = { id: 'olivia', userType: 'INTERNALUSER' as const };

const pick = (state: RoleFormState, slot: Parameters<typeof pickUser>[1], id: string) => {
  const result = pickUser(state, slot, users[id] as (typeof users)[string]);
  if (!result.ok) throw new Error(result.error);
  return result.state;
};

describe('role form state', () => {
  it('refuses an HTA user as owner or viewer at the pick, and takes them as a display viewer (issue 21 §17)', () => {
    const hta = {
      id: 'hana',
      firstName: 'Hana',
      lastName: 'Assessor',
      email: 'hana@hta.example',
      userType: 'EXTERNALUSER' as const,
      externalUserType: 'HTA' as const,
    };
    for (const slot of ['owners', 'viewers'] as const)
      expect(pickUser(start(), slot, hta)).toEqual({ ok: false, error: ROLE_MESSAGES.htaViewerOrOwner });
    const taken = pickUser(start(), 'displayViewers', hta);
    expect(taken.ok && taken.state.roles.displayViewers).toContain('hana');
  });

  it('moves a viewer who becomes an owner out of the viewers', () => {
    const next = pick(start(), 'owners', 'victor');
    expect(next.roles.owners).toContain('victor');
    expect(next.roles.viewers).not.toContain('victor');
  });

  it('moves an owner who becomes a calibration modeler out of the owners', () => {
    const next = pick(start(), 'calibrationModelers', 'olivia');
    expect(next.roles.owners).toEqual(['leo']);
    expect(next.roles.calibrationModelers).toEqual(['olivia']);
  });

  it('replaces the lead and the steward with the newest choice', () => {
    const next = pick(pick(start(), 'vestLead', 'olivia'), 'steward', 'mona');
    expect(next.roles.vestLead).toBe('olivia');
    expect(next.roles.steward).toBe('mona');
  });

  it('refuses external users as lead or steward with the spec texts', () => {
    expect(pickUser(start(), 'vestLead', users.xavier as never)).toEqual({
      ok: false,
      error: 'External user cannot be added as the Value and Implementation Lead.',
    });
    expect(pickUser(start(), 'steward', users.xavier as never)).toEqual({
      ok: false,
      error: 'External user cannot be added as the Model Steward.',
    });
    expect(pickUser(start(), 'viewers', users.xavier as never).ok).toBe(true);
  });

  it('does not let owners remove themselves or the lead', () => {
    const s = start();
    expect(removalLock(s.roles, 'owners', 'olivia', olivia)).toMatch(/yourself/);
    expect(removalLock(s.roles, 'owners', 'leo', olivia)).toMatch(/Value and Implementation Lead/);
    expect(removeUser(s, 'owners', 'olivia', olivia)).toBe(s);
    expect(removalLock(s.roles, 'owners', 'olivia', { id: 'admin', userType: 'SUPERUSER' })).toBeUndefined();
  });

  it('refuses the steward or the lead as viewer (the server refuses such a role set)', () => {
    const s = start();
    expect(pickUser(s, 'viewers', users.stella as never)).toEqual({
      ok: false,
      error:
        'Stella Steward cannot be both Model Steward and Model Viewer: a user holds one role on a model entry.',
    });
    expect(pickUser(s, 'viewers', users.leo as never)).toMatchObject({ ok: false });
    expect(pickUser(s, 'owners', users.stella as never).ok).toBe(true);
  });

  it('locks the lead and the steward for an owner of a saved entry, not for its lead, steward or a super user', () => {
    const saved = start().roles;
    expect(leadAndStewardLock(olivia, saved, 'vestLead')).toMatch(/^Only the Value and Implementation Lead/);
    expect(leadAndStewardLock(olivia, saved, 'steward')).toMatch(/change the Model Steward\.$/);
    expect(leadAndStewardLock(olivia, saved, 'owners')).toBeUndefined();
    expect(leadAndStewardLock({ id: 'leo', userType: 'INTERNALUSER' }, saved, 'vestLead')).toBeUndefined();
    expect(leadAndStewardLock({ id: 'stella', userType: 'INTERNALUSER' }, saved, 'vestLead')).toBeUndefined();
    expect(leadAndStewardLock({ id: 'admin', userType: 'SUPERUSER' }, saved, 'vestLead')).toBeUndefined();
    // The wizard: nothing saved yet.
    expect(leadAndStewardLock(olivia, undefined, 'vestLead')).toBeUndefined();
    const s = start();
    expect(removeUser(s, 'vestLead', 'leo', olivia, saved)).toBe(s);
  });

  it('requires lead, steward and owners', () => {
    expect(missingRoles({ ...EMPTY_ROLES })).toEqual({
      vestLead: 'The Value and Implementation Lead is required.',
      steward: 'The Model Steward is required.',
      owners: 'At least one Model Owner is required.',
    });
    expect(missingRoles(start().roles)).toEqual({});
  });

  it('fills the steward metadata from the chosen steward', () => {
    expect(stewardMetadata(start())).toEqual({
      isid_of_model_steward: 'stella',
      email_for_model_steward: 'stella@example.com',
      name_of_model_steward: 'Stella Steward',
    });
  });
});
