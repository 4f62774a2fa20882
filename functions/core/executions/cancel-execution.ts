import { cancelOutcome, seesInstanceSection } from '@shared/executions/execution-access';
import { isActiveRun, EXECUTION_MESSAGES as MSG } from '@shared/executions/execution-status';
import type { ExecutionGroup } from '@shared/schemas/execution-api';
import { fullName, type User } from '@shared/schemas/user';
import { getEntries, getExecutionGroup } from '../../data/executions';
import { getInstance } from '../../data/instances';
import { releaseRunSlot } from '../../data/run-slots';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { BUSINESS_EVENTS, countEvent, logger } from '../../lib/observability';
import { stopRunExecution } from '../../lib/step-functions';
import { permissionUser } from '../models/model-access';
import { applyRunEvent } from '../runs/run-events';
import { toExecutionGroup, visibleEntry } from './execution-views';

/**
 * POST /v2/executions/{groupId}/cancel: Cancel Execution, for the whole group (spec 001 §4
 * "Cancelling also cancels its execution group").
 * 1. The group exists and the caller sees its entry (404).
 * 2. The runs the caller may cancel, whatever their state (the instance's creator, users it is shared
 *    with, super users); none: 403. Of those, the active ones (NOTSTARTED to POSTPROCESSING); none:
 *    409 'No active Instance execution to be canceled found.'.
 * 3. Each: CANCELLED, conditional on an active status (a run that finished meanwhile keeps its end),
 *    then StopExecution (Step Functions stops the runner's task). Status first: from then on every
 *    later event of the run is refused, and reconciliation never mistakes the stopped execution for
 *    a lost one. If none was still running: 409 as in 2. Afterwards the instance can be edited and
 *    executed again.
 */
export async function cancelExecutionGroup(
  user: User,
  groupId: string,
): Promise<ExecutionGroup & { cancelled: number }> {
  const loaded = await getExecutionGroup(groupId);
  if (!loaded) throw new NotFoundError(MSG.groupNotFound);
  const model = visibleEntry(user, (await getEntries([loaded.group.modelUuid])).get(loaded.group.modelUuid));
  if (!model) throw new NotFoundError(MSG.groupNotFound);

  // Who asks comes before the state: a finished group must not answer 409 to someone without rights.
  const instances = await Promise.all(loaded.runs.map((r) => getInstance(r.modelUuid, r.instanceId)));
  const who = permissionUser(user);
  const rightful = loaded.runs.filter((run, i) => {
    const instance = instances[i];
    // An instance deleted after its run ended: its executor (or a super user) still asks rightly.
    if (!instance)
      return (
        seesInstanceSection(who, model.roles, run.type) &&
        (run.createdBy === user.id || user.userType === 'SUPERUSER')
      );
    return cancelOutcome(who, model.roles, instance) !== 'disallowed';
  });
  if (rightful.length === 0) throw new ForbiddenError(MSG.cancelDenied);
  const mine = rightful.filter((r) => isActiveRun(r.status));
  if (mine.length === 0) throw new ConflictError(MSG.noActiveExecution);

  const cancelled = await Promise.all(
    mine.map(async (run) => {
      const applied = await applyRunEvent({
        uuid: run.modelUuid,
        groupId: run.groupId,
        instanceId: run.instanceId,
        to: 'CANCELLED',
        error: {
          code: 'CANCELLED',
          message: `The execution was cancelled by ${fullName(user)}.`,
        },
      });
      // After the status: whatever the execution still reports is refused by the run's conditions.
      if (applied && run.executionArn)
        await stopRunExecution(run.executionArn, `Cancelled by ${user.id}`).catch((error: unknown) =>
          logger.error('StopExecution failed; the cancelled run ends by itself', { runId: run.runId, error }),
        );
      // A stopped execution never reaches its ReleaseRunSlot state: give the run's queue slot back now
      // rather than at the next reconciliation, so the runs waiting behind it start at once.
      if (applied && run.runId)
        await releaseRunSlot(run.runId).catch((error: unknown) =>
          logger.error('The cancelled run keeps its slot until reconciliation', { runId: run.runId, error }),
        );
      return applied;
    }),
  );
  const count = cancelled.filter(Boolean).length;
  if (count === 0) throw new ConflictError(MSG.noActiveExecution);
  countEvent(BUSINESS_EVENTS.runFinished, count, { outcome: 'CANCELLED' });
  const now = await getExecutionGroup(groupId);
  return {
    ...toExecutionGroup(user, now?.group ?? loaded.group, model, now?.runs ?? loaded.runs),
    cancelled: count,
  };
}
