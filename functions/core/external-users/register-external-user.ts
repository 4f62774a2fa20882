import type { CreateExternalUserBody, ExternalUserCreated } from '@shared/schemas/external-user';
import type { User } from '@shared/schemas/user';
import { requireFlag } from '../admin/authorize';
import { regenerateRegistrationCode, registerExternalUser } from './external-user-lifecycle';

/** POST /v2/external-users: the wizard's Generate (externalizationTabEnabled flag). */
export async function registerExternalUserFor(
  caller: User,
  body: CreateExternalUserBody,
): Promise<ExternalUserCreated> {
  requireFlag(caller, 'externalizationTabEnabled');
  return registerExternalUser(caller, body);
}

/** POST /v2/external-users/{email}/regenerate-code (externalizationTabEnabled flag). */
export async function regenerateCodeFor(caller: User, email: string): Promise<ExternalUserCreated> {
  requireFlag(caller, 'externalizationTabEnabled');
  return regenerateRegistrationCode(caller, email);
}
