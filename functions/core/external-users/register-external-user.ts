import type { CreateExternalUserBody, ExternalUserCreated } from '@shared/schemas/external-user';
import type { User } from '@shared/schemas/user';
import { requireExternalization } from '../admin/authorize';
import { registerExternalUser } from './external-user-lifecycle';

/** POST /v2/external-users: the wizard's Generate (externalizationTabEnabled flag). */
export async function registerExternalUserFor(
  caller: User,
  body: CreateExternalUserBody,
): Promise<ExternalUserCreated> {
  await requireExternalization(caller);
  return registerExternalUser(caller, body);
}
