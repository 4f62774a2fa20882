import { EXECUTION_MESSAGES as MSG } from '@shared/executions/execution-status';
import type { ExecutionGroup, ExecutionQueuePage, ExecutionQueueQuery } from '@shared/schemas/execution-api';
import type { User } from '@shared/schemas/user';
import {
  countExecutionGroups,
  getEntries,
  getExecutionGroup,
  queryExecutionQueue,
} from '../../data/executions';
import { NotFoundError } from '../../lib/errors';
import { toExecutionGroup, visibleEntry } from './execution-views';

/**
 * GET /v2/executions: the execution queue (spec 001 §2): every execution group, newest first, a page
 * of 50 (pageIndex an offset, §3), with the total. Rows of entries or instances the caller cannot see
 * stay in the list with 'Restricted access' for their names.
 * 1. The page from the queue index and the count, together.
 * 2. The entries of the page in one batch read, for the names and who may see them.
 */
export async function listExecutionQueue(
  user: User,
  query: ExecutionQueueQuery,
): Promise<ExecutionQueuePage> {
  const [groups, total] = await Promise.all([
    queryExecutionQueue({ offset: query.pageIndex, limit: query.pageSize, desc: query.orderDesc }),
    countExecutionGroups(),
  ]);
  const models = await getEntries(groups.map((g) => g.modelUuid));
  return { items: groups.map((g) => toExecutionGroup(user, g, models.get(g.modelUuid))), total };
}

/**
 * GET /v2/executions/{groupId}: one group with its runs' details (times, errors): the queue's
 * expanded row, and what a page polls after Execute. 404 when the caller cannot see the entry.
 */
export async function getExecutionGroupView(user: User, groupId: string): Promise<ExecutionGroup> {
  const loaded = await getExecutionGroup(groupId);
  if (!loaded) throw new NotFoundError(MSG.groupNotFound);
  const model = (await getEntries([loaded.group.modelUuid])).get(loaded.group.modelUuid);
  if (!visibleEntry(user, model)) throw new NotFoundError(MSG.groupNotFound);
  return toExecutionGroup(user, loaded.group, model, loaded.runs);
}
