import type { ExternalUserType, UserType } from '@shared/schemas/user';

/**
 * The seeded users of the local cloud (docs/development.md). Local only: these passwords exist
 * nowhere else. Each persona's Cognito user name is its ISID, which is also its DynamoDB user id.
 */
export interface Persona {
  key: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
  externalUserType?: ExternalUserType;
  active: boolean;
  description: string;
}

export const LOCAL_PASSWORD = 'ModelRepo1!';

function persona(
  key: string,
  firstName: string,
  lastName: string,
  userType: UserType,
  description: string,
  extra: { externalUserType?: ExternalUserType; active?: boolean } = {},
): Persona {
  return {
    key,
    username: key,
    password: LOCAL_PASSWORD,
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    userType,
    ...(extra.externalUserType ? { externalUserType: extra.externalUserType } : {}),
    active: extra.active ?? true,
    description,
  };
}

export const PERSONAS: readonly Persona[] = [
  persona('admin', 'Alice', 'Admin', 'SUPERUSER', 'administrator'),
  persona('lead', 'Leo', 'Lead', 'INTERNALUSER', 'Value and Implementation Lead of demo models'),
  persona('steward', 'Stella', 'Steward', 'INTERNALUSER', 'Model Steward of demo models'),
  persona('owner', 'Olivia', 'Owner', 'INTERNALUSER', 'Model Owner'),
  persona('viewer', 'Victor', 'Viewer', 'INTERNALUSER', 'Model Viewer'),
  persona('modeler', 'Mona', 'Modeler', 'INTERNALUSER', 'calibration and scenario modeler'),
  persona('employee', 'Emma', 'Employee', 'INTERNALUSER', 'the user the local SSO stand-in signs in'),
  persona('vendor', 'Xavier', 'Vendor', 'EXTERNALUSER', 'external user', { externalUserType: 'VENDOR' }),
  persona('hta', 'Hannah', 'Hta', 'EXTERNALUSER', 'external HTA user', { externalUserType: 'HTA' }),
  persona('inactive', 'Ian', 'Inactive', 'INTERNALUSER', 'inactive: lands on the access-denied page', {
    active: false,
  }),
];

/**
 * The local stand-in of the corporate directory (issue 20 §1): employees who exist in the user pool,
 * as the corporate IdP creates them at their first sign-in in AWS, but are not yet enrolled (no user
 * record). 'Find user' on /admin/user/enroll finds them (functions/lib/cognito-directory.ts); once
 * enrolled they sign in with the local password. Each is seeded in cognito-local only.
 */
export const DIRECTORY: readonly Persona[] = [
  persona('nnewman', 'Nina', 'Newman', 'INTERNALUSER', 'directory employee, not yet enrolled'),
  persona('nnovak', 'Nikolai', 'Novak', 'INTERNALUSER', 'directory employee, not yet enrolled'),
  persona('dduarte', 'Diana', 'Duarte', 'INTERNALUSER', 'directory employee, not yet enrolled'),
  persona('rramos', 'Rafael', 'Ramos', 'INTERNALUSER', 'directory employee, not yet enrolled'),
  persona('sschmidt', 'Sofia', 'Schmidt', 'INTERNALUSER', 'directory employee, not yet enrolled'),
  persona('tturner', 'Tom', 'Turner', 'INTERNALUSER', 'directory employee, not yet enrolled'),
];

export function personaByKey(key: string): Persona {
  const found = PERSONAS.find((p) => p.key === key);
  if (!found) throw new Error(`Unknown persona '${key}'`);
  return found;
}
