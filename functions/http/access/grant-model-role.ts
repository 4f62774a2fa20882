import { ModelGrantBodySchema } from '@shared/schemas/collaboration';
import { ModelParamsSchema } from '@shared/schemas/model-api';
import { grantModelRole } from '../../core/access/grant-model-role';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/grants {role, userId}: a grant link, decided by the caller's rights. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: ModelGrantBodySchema,
  handle: async ({ user, params, body }) => grantModelRole(user, params.uuid, body),
});
