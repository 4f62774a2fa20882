import { ModelParamsSchema, SetRolesBodySchema } from '@shared/schemas/model-api';
import { setModelRoles } from '../../core/models/model-roles';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/roles: 'Update Permissions' (exclusivity, conditional on rev). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: SetRolesBodySchema,
  handle: async ({ user, params, body }) => setModelRoles(user, params.uuid, body),
});
