import { ExecutionGroupParamsSchema } from '@shared/schemas/execution-api';
import { startExecutionGroup } from '../../core/executions/start-execution';
import { httpHandler } from '../http-handler';

/** POST /v2/executions/{groupId}/start: starts the runs of an execution group. */
export const handler = httpHandler({
  params: ExecutionGroupParamsSchema,
  handle: async ({ user, params }) => startExecutionGroup(user, params.groupId),
});
