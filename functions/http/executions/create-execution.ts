import { CreateExecutionBodySchema } from '@shared/schemas/execution-api';
import { ModelParamsSchema } from '@shared/schemas/model-api';
import { createExecution } from '../../core/executions/create-execution';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/executions: Execute; 201 with the new group, 200 when it was running already. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: CreateExecutionBodySchema,
  handle: async ({ user, params, body }) => {
    const { status, result } = await createExecution(user, params.uuid, body);
    return respond(status, result);
  },
});
