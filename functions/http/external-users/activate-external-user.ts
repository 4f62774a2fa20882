import { ExternalUserParamsSchema } from '@shared/schemas/external-user';
import { activateExternalUser } from '../../core/external-users/activate-external-user';
import { httpHandler } from '../http-handler';

/** POST /v2/external-users/{email}/activate: approve a PENDING_REVIEW person or re-activate (activateUser). */
export const handler = httpHandler({
  params: ExternalUserParamsSchema,
  // Fresh: activation opens the API to someone; the caller's own right is read, not remembered.
  freshCaller: true,
  handle: async ({ user, params }) => activateExternalUser(user, params.email),
});
