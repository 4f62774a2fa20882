import { CreateExternalUserBodySchema } from '@shared/schemas/external-user';
import { registerExternalUserFor } from '../../core/external-users/register-external-user';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/external-users: the registration wizard's Generate; the code goes out by mail only. */
export const handler = httpHandler({
  body: CreateExternalUserBodySchema,
  handle: async ({ user, body }) => respond(201, await registerExternalUserFor(user, body)),
});
