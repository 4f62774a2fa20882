import { describe, expect, it } from 'vitest';
import type { UserPermissionFlags, UserType } from '../schemas/user';
import { isAdministrator, userPermissionFlags } from './user-permissions';

/** The matrix of docs/permissions.md ("User permission flags"), row by row. */
const MATRIX: Record<UserType, UserPermissionFlags & { admin: boolean }> = {
  SUPERUSER: {
    createModel: true,
    externalizationTabEnabled: true,
    activateUser: true,
    deactivateUser: true,
    enrollUser: true,
    changeUserRole: true,
    admin: true,
  },
  INTERNALUSER: {
    createModel: true,
    externalizationTabEnabled: true,
    activateUser: false,
    deactivateUser: false,
    enrollUser: false,
    changeUserRole: false,
    admin: false,
  },
  EXTERNALUSER: {
    createModel: false,
    externalizationTabEnabled: false,
    activateUser: false,
    deactivateUser: false,
    enrollUser: false,
    changeUserRole: false,
    admin: false,
  },
};

describe('user permission flags (002 §6)', () => {
  it.each(Object.entries(MATRIX))(
    'gives %s exactly the documented flags',
    (userType, { admin, ...flags }) => {
      expect(userPermissionFlags(userType as UserType)).toEqual(flags);
      expect(isAdministrator(userType as UserType)).toBe(admin);
    },
  );
});
