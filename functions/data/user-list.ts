import type { User } from '@shared/schemas/user';
import { listUsersByType } from './users';

/** Every super user and internal user (GSI1, one Query per type). */
export async function internalUsers(): Promise<User[]> {
  const [admins, internals] = await Promise.all([
    listUsersByType('SUPERUSER'),
    listUsersByType('INTERNALUSER'),
  ]);
  return [...admins, ...internals];
}
