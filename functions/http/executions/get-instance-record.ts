import { RecordQuerySchema } from '@shared/schemas/execution-api';
import { InstanceParamsSchema } from '@shared/schemas/instance-api';
import { getInstanceRecord } from '../../core/executions/instance-run';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/instances/{instanceId}/record[?runId=]: the run's reproducibility record. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  query: RecordQuerySchema,
  handle: async ({ user, params, query }) =>
    getInstanceRecord(user, params.uuid, params.instanceId, query.runId),
});
