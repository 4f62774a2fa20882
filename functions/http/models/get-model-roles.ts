import { ModelParamsSchema } from '@shared/schemas/model-api';
import { getModelRoles } from '../../core/models/model-roles';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/roles: roles with user summaries and the rev to send back. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  handle: async ({ user, params }) => getModelRoles(user, params.uuid),
});
