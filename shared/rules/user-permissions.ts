import type { UserPermissionFlags, UserType } from '../schemas/user';

/** The user types the spec lets into the product (000 §2: "internal, external or super user"). */
const KNOWN_USER_TYPES: readonly UserType[] = ['SUPERUSER', 'INTERNALUSER', 'EXTERNALUSER'];

/** What the flags need to know about a user beyond their type, read by the server per call. */
export interface UserPermissionFacts {
  /** Whether the user is lead, steward or owner of at least one entry (their memberships). */
  managesEntries: boolean;
}

/**
 * Permission flags of a user (002 §6). The exact gates are "not shown" in the spec; our design:
 * - super users may do everything, including administering users;
 * - every known user type may add model entries: 000 §2 bars /model-upload only for users who are
 *   not internal, external or super users (an external creator becomes an owner; lead and steward
 *   stay internal, which the roles rules enforce);
 * - the Externalization tab (registering external users) is for administrators and for internal
 *   users who manage an entry: registering someone means granting them an entry the registrant
 *   manages (mayShareWithExternals), so an internal user who manages none has nothing to give;
 * - external users never register others.
 */
export function userPermissionFlags(userType: UserType, facts: UserPermissionFacts): UserPermissionFlags {
  const admin = userType === 'SUPERUSER';
  return {
    createModel: KNOWN_USER_TYPES.includes(userType),
    externalizationTabEnabled: admin || (userType === 'INTERNALUSER' && facts.managesEntries),
    activateUser: admin,
    deactivateUser: admin,
    enrollUser: admin,
    changeUserRole: admin,
  };
}

export function isAdministrator(userType: UserType): boolean {
  return userType === 'SUPERUSER';
}
