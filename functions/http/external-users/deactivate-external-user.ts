import { ExternalUserParamsSchema } from '@shared/schemas/external-user';
import { deactivateExternalUserFor } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** POST /v2/external-users/{email}/deactivate: the account closes at once, grants kept (deactivateUser). */
export const handler = httpHandler({
  params: ExternalUserParamsSchema,
  freshCaller: true,
  handle: async ({ user, params }) => deactivateExternalUserFor(user, params.email),
});
