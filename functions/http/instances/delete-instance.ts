import { InstanceParamsSchema } from '@shared/schemas/instance-api';
import { deleteInstance } from '../../core/instances/delete-instance';
import { httpHandler } from '../http-handler';

/** DELETE /v2/models/{uuid}/instances/{instanceId}: permanent (204). */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  handle: async ({ user, params }) => deleteInstance(user, params.uuid, params.instanceId),
});
