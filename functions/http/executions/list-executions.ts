import { ExecutionQueueQuerySchema } from '@shared/schemas/execution-api';
import { listExecutionQueue } from '../../core/executions/execution-queue';
import { httpHandler } from '../http-handler';

/** GET /v2/executions: the execution queue, a page of groups, newest first. */
export const handler = httpHandler({
  query: ExecutionQueueQuerySchema,
  handle: async ({ user, query }) => listExecutionQueue(user, query),
});
