import { ExecutionGroupParamsSchema } from '@shared/schemas/execution-api';
import { getExecutionGroupView } from '../../core/executions/execution-queue';
import { httpHandler } from '../http-handler';

/** GET /v2/executions/{groupId}: one execution group with its runs' details. */
export const handler = httpHandler({
  params: ExecutionGroupParamsSchema,
  handle: async ({ user, params }) => getExecutionGroupView(user, params.groupId),
});
