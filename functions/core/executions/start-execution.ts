import { EXECUTION_MESSAGES as MSG } from '@shared/executions/execution-status';
import type { ExecutionGroup } from '@shared/schemas/execution-api';
import type { User } from '@shared/schemas/user';
import {
  type ExecutionRunRecord,
  getEntries,
  getExecutionGroup,
  setRunExecutionArn,
} from '../../data/executions';
import { getInstance } from '../../data/instances';
import { listSubModels } from '../../data/sub-models';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { startRunExecution } from '../../lib/step-functions';
import { applyRunEvent } from '../runs/run-events';
import { mayRunInstance } from './execution-rights';
import { toExecutionGroup, visibleEntry } from './execution-views';

/** Runs started at once by one request: each is a StartExecution and a transaction. */
const START_CONCURRENCY = 10;

/**
 * POST /v2/executions/{groupId}/start: starts every run of the group that has not started.
 * 1. The group exists and the caller may see its entry (404); only its executor (or a super user)
 *    starts it (403), and only while they may still run every instance that has not started (403,
 *    nothing started: a share stopped or a role taken away since Execute counts; execution-rights.ts).
 *    Refused runs stay NOTSTARTED: the instance's creator may cancel them, and reconciliation fails
 *    them after a few minutes.
 * 2. Per NOTSTARTED run: INQUEUE (conditional: of two start requests, the one that queues the run
 *    starts it), then StartExecution named by the run id (idempotent in Step Functions too), then
 *    its ARN on the run. A start Step Functions refuses ends the run FAILED with the reason; a start
 *    request that dies between INQUEUE and StartExecution leaves the run to reconciliation.
 * 3. The group as it is now.
 */
export async function startExecutionGroup(user: User, groupId: string): Promise<ExecutionGroup> {
  const loaded = await getExecutionGroup(groupId);
  if (!loaded) throw new NotFoundError(MSG.groupNotFound);
  const model = visibleEntry(user, (await getEntries([loaded.group.modelUuid])).get(loaded.group.modelUuid));
  if (!model) throw new NotFoundError(MSG.groupNotFound);
  if (loaded.group.createdBy !== user.id && user.userType !== 'SUPERUSER')
    throw new ForbiddenError(MSG.startDenied);

  const pending = loaded.runs.filter((r) => r.status === 'NOTSTARTED');
  if (pending.length > 0) {
    const [instances, subModels] = await Promise.all([
      Promise.all(pending.map((r) => getInstance(r.modelUuid, r.instanceId))),
      listSubModels(model.uuid),
    ]);
    if (!instances.every((instance) => mayRunInstance(user, model, instance, subModels)))
      throw new ForbiddenError(MSG.startNoLongerAllowed);
  }
  for (let i = 0; i < pending.length; i += START_CONCURRENCY)
    await Promise.all(pending.slice(i, i + START_CONCURRENCY).map((run) => startRun(run)));

  const now = await getExecutionGroup(groupId);
  return toExecutionGroup(user, now?.group ?? loaded.group, model, now?.runs ?? loaded.runs);
}

async function startRun(run: ExecutionRunRecord): Promise<void> {
  const ids = { uuid: run.modelUuid, groupId: run.groupId, instanceId: run.instanceId };
  // Whoever moves the run to INQUEUE starts it: a second start request finds it queued already.
  if (!(await applyRunEvent({ ...ids, to: 'INQUEUE' }))) return;
  let executionArn: string;
  try {
    executionArn = await startRunExecution({
      runId: run.runId,
      groupId: run.groupId,
      instanceId: run.instanceId,
      modelUuid: run.modelUuid,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.error('StartExecution failed', { runId: run.runId, error });
    await applyRunEvent({
      ...ids,
      to: 'FAILED',
      error: { code: 'START_FAILED', message: `The execution could not be started: ${reason}` },
    });
    return;
  }
  await setRunExecutionArn(run.groupId, run.instanceId, executionArn);
}
