import { seesInstanceSection } from '@shared/executions/execution-access';
import { EXECUTION_MESSAGES as MSG } from '@shared/executions/execution-status';
import type { ExecutionGroup, ExecutionQueuePage, ExecutionQueueQuery } from '@shared/schemas/execution-api';
import type { User } from '@shared/schemas/user';
import { changesInstance } from '@shared/sub-models/sub-model-access';
import {
  countExecutionGroups,
  type ExecutionGroupRecord,
  getEntries,
  getExecutionGroup,
  getRunInstances,
  queryExecutionQueue,
  runInstanceRef,
} from '../../data/executions';
import type { InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { NotFoundError } from '../../lib/errors';
import { permissionUser } from '../models/model-access';
import { toExecutionGroup, visibleEntry } from './execution-views';

/**
 * GET /v2/executions: the execution queue (spec 001 §2): every execution group, newest first, a page
 * of 50 (pageIndex an offset, §3), with the total. Rows of entries or instances the caller cannot see
 * stay in the list with 'Restricted access' for their names.
 * 1. The page from the queue index and the count, together.
 * 2. The entries of the page in one batch read, for the names and who may see them.
 * 3. The analyses of the page's display runs in one batch read: a run of a hidden analysis (a draft)
 *    reads 'Restricted access' for those who may not open the draft (execution-views.ts).
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
  const analyses = await readAnalyses(user, groups, models);
  return {
    items: groups.map((g) =>
      toExecutionGroup(user, g, models.get(g.modelUuid), undefined, analyses.get(g.groupId)),
    ),
    total,
  };
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
  const analyses = await readAnalyses(user, [loaded.group], new Map(model ? [[model.uuid, model]] : []));
  return toExecutionGroup(user, loaded.group, model, loaded.runs, analyses.get(loaded.group.groupId));
}

/**
 * The analyses behind the display runs of some groups, by group id and instance id: only where the
 * answer matters, i.e. the caller sees the entry and its display section but is neither a super user
 * nor of the entry's owner tier (who may open every draft, changesInstance).
 */
async function readAnalyses(
  user: User,
  groups: readonly ExecutionGroupRecord[],
  models: ReadonlyMap<string, ModelRecord>,
): Promise<Map<string, Map<string, InstanceRecord>>> {
  const who = permissionUser(user);
  const asked = groups.filter((g) => {
    const model = visibleEntry(user, models.get(g.modelUuid));
    return (
      model !== undefined &&
      g.runs.some((r) => r.type === 'display') &&
      seesInstanceSection(who, model.roles, 'display') &&
      // An instance nobody created: true only for the owner tier and super users.
      !changesInstance(who, model.roles, { createdBy: '' })
    );
  });
  const refs = asked.flatMap((g) =>
    g.runs.filter((r) => r.type === 'display').map((r) => ({ uuid: g.modelUuid, instanceId: r.instanceId })),
  );
  const found = refs.length > 0 ? await getRunInstances(refs) : new Map<string, InstanceRecord>();
  const byGroup = new Map<string, Map<string, InstanceRecord>>();
  for (const g of asked) {
    const analyses = new Map<string, InstanceRecord>();
    for (const r of g.runs) {
      const analysis = found.get(runInstanceRef(g.modelUuid, r.instanceId));
      if (analysis) analyses.set(r.instanceId, analysis);
    }
    byGroup.set(g.groupId, analyses);
  }
  return byGroup;
}
