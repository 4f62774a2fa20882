import { ExternalUserParamsSchema, RejectExternalUserBodySchema } from '@shared/schemas/external-user';
import { rejectExternalUserFor } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** POST /v2/external-users/{email}/reject: a PENDING_REVIEW request rejected with a reason (activateUser). */
export const handler = httpHandler({
  params: ExternalUserParamsSchema,
  body: RejectExternalUserBodySchema,
  freshCaller: true,
  handle: async ({ user, params, body }) => rejectExternalUserFor(user, params.email, body.reason),
});
