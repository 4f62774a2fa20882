import type { ModelRoles } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';

/** A user of the tests: `<id>@example.com`, active, internal unless `userType` says otherwise. */
export const person = (id: string, userType: User['userType'] = 'INTERNALUSER'): User => ({
  id,
  firstName: id,
  lastName: 'Test',
  email: `${id}@example.com`,
  active: true,
  userType,
  createdOn: '2026-01-01T00:00:00.000Z',
});

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
