import type { ModelRoles } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';

/**
 * A user of the tests: `<id>@example.com`, first name `<id>`, last name 'Test', active, internal
 * unless `userType` says otherwise; `overrides` sets anything else (`{ active: false }`...).
 */
export const person = (
  id: string,
  userType: User['userType'] = 'INTERNALUSER',
  overrides: Partial<User> = {},
): User => ({
  id,
  firstName: id,
  lastName: 'Test',
  email: `${id}@example.com`,
  active: true,
  userType,
  createdOn: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** `person` whose first name is its id capitalised ('lead' is Lead Test), for tests that show names. */
export const namedPerson = (
  id: string,
  userType: User['userType'] = 'INTERNALUSER',
  overrides: Partial<User> = {},
): User => person(id, userType, { firstName: id.charAt(0).toUpperCase() + id.slice(1), ...overrides });

/** Users by id, for stubs of `getUser`/`getUsers`. */
export const peopleById = (...users: readonly User[]): Map<string, User> =>
  new Map(users.map((user) => [user.id, user]));

/** An entry's roles held by the users named after them; `overrides` adds or replaces some. */
export const rolesOf = (overrides: Partial<ModelRoles> = {}): ModelRoles => ({
  vestLead: 'lead',
  steward: 'steward',
  owners: ['owner'],
  viewers: [],
  displayViewers: [],
  calibrationModelers: [],
  scenarioModelers: [],
  ...overrides,
});
