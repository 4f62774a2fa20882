import { ExternalUserParamsSchema } from '@shared/schemas/external-user';
import { regenerateCodeFor } from '../../core/external-users/register-external-user';
import { httpHandler } from '../http-handler';

/** POST /v2/external-users/{email}/regenerate-code: a new code by mail; the old one is void. */
export const handler = httpHandler({
  params: ExternalUserParamsSchema,
  handle: async ({ user, params }) => regenerateCodeFor(user, params.email),
});
