import { InstanceParamsSchema, UpdateInstanceBodySchema } from '@shared/schemas/instance-api';
import { updateInstance } from '../../core/instances/update-instance';
import { httpHandler } from '../http-handler';

/** PATCH /v2/models/{uuid}/instances/{instanceId}: name, hidden, display scenarios. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  body: UpdateInstanceBodySchema,
  handle: async ({ user, params, body }) => updateInstance(user, params.uuid, params.instanceId, body),
});
