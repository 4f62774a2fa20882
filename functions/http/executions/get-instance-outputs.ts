import { OutputsQuerySchema } from '@shared/schemas/execution-api';
import { InstanceParamsSchema } from '@shared/schemas/instance-api';
import { getInstanceOutputs } from '../../core/executions/instance-run';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/instances/{instanceId}/outputs[?path=]: a presigned download of the outputs. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  query: OutputsQuerySchema,
  handle: async ({ user, params, query }) =>
    getInstanceOutputs(user, params.uuid, params.instanceId, query.path),
});
