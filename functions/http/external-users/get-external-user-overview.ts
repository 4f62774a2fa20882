import { ExternalUserParamsSchema } from '@shared/schemas/external-user';
import { getExternalUserOverview } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** GET /v2/external-users/{email}/overview: the User Overview modal. */
export const handler = httpHandler({
  params: ExternalUserParamsSchema,
  handle: async ({ user, params }) => getExternalUserOverview(user, params.email),
});
