import { ExtendExternalAccessBodySchema, ExternalUserParamsSchema } from '@shared/schemas/external-user';
import { extendExternalAccess } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** POST /v2/external-users/{email}/extend: a new last day of access (registering person or administrator). */
export const handler = httpHandler({
  params: ExternalUserParamsSchema,
  body: ExtendExternalAccessBodySchema,
  handle: async ({ user, params, body }) => extendExternalAccess(user, params.email, body.accessEndsOn),
});
