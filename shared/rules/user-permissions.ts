import type { UserPermissionFlags, UserType } from '../schemas/user';

/**
 * Permission flags of a user type (002 §6). The exact gates are "not shown" in the spec; our design:
 * - super users may do everything, including administering users;
 * - internal users may add model entries and register external users (Externalization tab);
 * - external users may do neither.
 */
export function userPermissionFlags(userType: UserType): UserPermissionFlags {
  const admin = userType === 'SUPERUSER';
  const internal = admin || userType === 'INTERNALUSER';
  return {
    createModel: internal,
    externalizationTabEnabled: internal,
    activateUser: admin,
    deactivateUser: admin,
    enrollUser: admin,
    changeUserRole: admin,
  };
}

export function isAdministrator(userType: UserType): boolean {
  return userType === 'SUPERUSER';
}
