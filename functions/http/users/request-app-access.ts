import { AccessRequestBodySchema } from '@shared/schemas/access-request';
import { requestAppAccess } from '../../core/users/request-app-access';
import { httpHandler, respond } from '../http-handler';

/**
 * POST /v2/access-requests. `auth: 'identity'`: the token must be valid, but the caller is by design
 * someone without (active) access, so the usual 403 for unknown or inactive users does not apply.
 */
export const handler = httpHandler({
  auth: 'identity',
  body: AccessRequestBodySchema,
  handle: async ({ identity, user, body }) =>
    respond(202, await requestAppAccess({ identity, user, ...(body?.note ? { note: body.note } : {}) })),
});
