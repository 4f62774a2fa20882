import { ExecutionGroupParamsSchema } from '@shared/schemas/execution-api';
import { cancelExecutionGroup } from '../../core/executions/cancel-execution';
import { httpHandler } from '../http-handler';

/** POST /v2/executions/{groupId}/cancel: Cancel Execution for the group's active runs. */
export const handler = httpHandler({
  params: ExecutionGroupParamsSchema,
  handle: async ({ user, params }) => cancelExecutionGroup(user, params.groupId),
});
