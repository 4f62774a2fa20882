import { InstanceParamsSchema } from '@shared/schemas/instance-api';
import { getInstanceDetail } from '../../core/instances/get-instance';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/instances/{instanceId}: the instance, its values within the caller's level. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  handle: async ({ user, params }) => getInstanceDetail(user, params.uuid, params.instanceId),
});
