import type { RunStatus } from '@shared/executions/execution-status';
import type { ExecutionError } from '@shared/schemas/execution-api';
import type { InstanceStatus } from '@shared/sub-models/instances';
import { getExecutionRun, writeGroupStatus, writeRunEvent } from '../../data/executions';
import { getInstance, type InstanceRecord } from '../../data/instances';
import { logger } from '../../lib/observability';
import { pushExecutionStatus } from './push-execution-status';

/** Who hears of an instance's status changes: its creator, the users it is shared with, the executor. */
export function statusRecipients(
  instance: Pick<InstanceRecord, 'createdBy' | 'sharedWith'>,
  executor?: string,
) {
  return [instance.createdBy, ...instance.sharedWith, ...(executor ? [executor] : [])];
}

/**
 * Tells the recipients of an instance about its new status (after the write); `cause` says whether a
 * run or calibration governance changed it.
 */
export async function announceStatus(
  instance: InstanceRecord,
  status: InstanceStatus,
  run: { groupId?: string; runId?: string; executor?: string },
  at: string,
  cause: 'run' | 'governance' = 'run',
): Promise<void> {
  await pushExecutionStatus(statusRecipients(instance, run.executor), {
    type: 'execution-status',
    scenario: { id: instance.id, name: instance.name },
    execution: {
      status,
      ...(run.groupId ? { groupId: run.groupId } : {}),
      ...(run.runId ? { runId: run.runId } : {}),
      modelUuid: instance.modelUuid,
      subModelId: instance.executionSetupId,
      changedOn: at,
      cause,
    },
  });
}

export interface RunEventInput {
  uuid: string;
  groupId: string;
  instanceId: string;
  to: RunStatus;
  at?: Date;
  executionArn?: string;
  error?: ExecutionError;
}

/**
 * One status change of a run, everywhere it shows:
 * 1. the instance and its run item, in one conditional transaction (data/executions.ts writeRunEvent);
 *    when the run is no longer where `to` may come from, nothing changes and false is returned;
 *    with the entry's instance counter (list caches reload);
 * 2. then the group's copy (the queue) and the live push to the instance's people.
 */
export async function applyRunEvent(input: RunEventInput): Promise<boolean> {
  const at = (input.at ?? new Date()).toISOString();
  const applied = await writeRunEvent({
    uuid: input.uuid,
    groupId: input.groupId,
    instanceId: input.instanceId,
    to: input.to,
    at,
    ...(input.executionArn ? { executionArn: input.executionArn } : {}),
    ...(input.error ? { error: input.error } : {}),
  });
  if (!applied) {
    logger.info('Run event not applied: the run is elsewhere', {
      groupId: input.groupId,
      instanceId: input.instanceId,
      to: input.to,
    });
    return false;
  }
  const [instance, run] = await Promise.all([
    getInstance(input.uuid, input.instanceId),
    getExecutionRun(input.groupId, input.instanceId),
    writeGroupStatus(input.groupId, input.instanceId, input.to),
  ]);
  if (instance)
    await announceStatus(
      instance,
      input.to,
      { groupId: input.groupId, ...(run ? { runId: run.runId, executor: run.createdBy } : {}) },
      at,
    );
  return true;
}
