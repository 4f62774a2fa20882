import { InstanceParamsSchema } from '@shared/schemas/instance-api';
import { getInstanceResult } from '../../core/executions/instance-run';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/instances/{instanceId}/result: the latest run's result, error and logs. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  handle: async ({ user, params }) => getInstanceResult(user, params.uuid, params.instanceId),
});
