import { describe, expect, it } from 'vitest';
import type { UserPermissionFlags, UserType } from '../schemas/user';
import { isAdministrator, userPermissionFlags } from './user-permissions';

type Row = UserPermissionFlags & { admin: boolean };
const NOBODY = { activateUser: false, deactivateUser: false, enrollUser: false, changeUserRole: false };

/** The matrix of docs/permissions.md ("User permission flags"), row by row: user type × manages an entry. */
const MATRIX: [UserType, boolean, Row][] = [
  [
    'SUPERUSER',
    false,
    {
      createModel: true,
      externalizationTabEnabled: true,
      activateUser: true,
      deactivateUser: true,
      enrollUser: true,
      changeUserRole: true,
      admin: true,
    },
  ],
  ['INTERNALUSER', true, { createModel: true, externalizationTabEnabled: true, ...NOBODY, admin: false }],
  // issue 21 §25: an internal user who manages no entry (the demo's `employee`) has nothing to grant.
  ['INTERNALUSER', false, { createModel: true, externalizationTabEnabled: false, ...NOBODY, admin: false }],
  // issue 21 §25: 000 §2 lets external users into /model-upload; they never register others.
  ['EXTERNALUSER', true, { createModel: true, externalizationTabEnabled: false, ...NOBODY, admin: false }],
];

describe('user permission flags (002 §6)', () => {
  it.each(MATRIX)(
    'gives %s (manages an entry: %s) exactly the documented flags',
    (userType, managesEntries, row) => {
      const { admin, ...flags } = row;
      expect(userPermissionFlags(userType, { managesEntries })).toEqual(flags);
      expect(isAdministrator(userType)).toBe(admin);
    },
  );
});
