import { EXECUTION_MESSAGES as MSG, NOT_STARTED_TIMEOUT_MINUTES } from '@shared/executions/execution-status';
import { type ExecutionRunRecord, listActiveRuns } from '../../data/executions';
import { logger } from '../../lib/observability';
import { describeRunExecution } from '../../lib/step-functions';
import { markFailed } from '../runs/mark-run-failed';
import { applyRunEvent } from '../runs/run-events';
import { releaseSlotsOfEndedRuns } from '../runs/run-slots';

const CONCURRENCY = 10;

export interface Reconciled {
  checked: number;
  failed: number;
  /** Run slots given back for runs that ended without their ReleaseRunSlot (a cancel, a restart). */
  releasedSlots: number;
}

/**
 * A run must never stay running after its execution has ended (issue 11 §6): the local cloud
 * restarted while a model ran, a MarkFailed that could not write, an execution that vanished. The
 * scheduled job `reconcile-executions` (and so every start of the local cloud, which runs each
 * scheduled job once) checks every active run (GSI2 EXECACTIVE) against its Step Functions execution:
 * - still running: left alone; queued for more than 5 minutes without an execution (the start
 *   request died): FAILED;
 * - not started (NOTSTARTED) for more than NOT_STARTED_TIMEOUT_MINUTES (the browser left between
 *   Execute and its start request): FAILED, saying so;
 * - FAILED or TIMED_OUT: failed as MarkFailed would (the runner's fault first);
 * - ABORTED or gone (a cancel writes CANCELLED before it stops the execution, so an active run with a
 *   stopped execution was interrupted): FAILED with a message saying so;
 * - SUCCEEDED: Collect wrote its end; left alone.
 * Then the run slots (the run queue, functions/core/runs/run-slots.ts) whose run has ended are given
 * back: a cancelled or interrupted execution never reaches its ReleaseRunSlot state.
 */
export async function reconcileExecutions(now = new Date()): Promise<Reconciled> {
  const runs = await listActiveRuns();
  let failed = 0;
  for (let i = 0; i < runs.length; i += CONCURRENCY) {
    const done = await Promise.all(runs.slice(i, i + CONCURRENCY).map((run) => reconcile(run, now)));
    failed += done.filter(Boolean).length;
  }
  // After the runs: a run failed just now gives its slot back in the same pass.
  const releasedSlots = await releaseSlotsOfEndedRuns();
  if (failed > 0) logger.info('Reconciled executions', { checked: runs.length, failed });
  return { checked: runs.length, failed, releasedSlots };
}

/** A queued run without an execution after this long lost its start request. */
const START_TIMEOUT_MS = 5 * 60_000;

async function reconcile(run: ExecutionRunRecord, now: Date): Promise<boolean> {
  if (run.status === 'NOTSTARTED') {
    // Execute creates the runs and the browser starts them in a second call; a tab closed between the
    // two leaves them here. Failing them is the safe choice: starting them for the user might surprise
    // (they may have left on purpose, changed the values since, or a run may cost a long compute), and
    // the reason tells them to execute again if they still want the run.
    if (!(now.getTime() - Date.parse(run.createdOn) > NOT_STARTED_TIMEOUT_MINUTES * 60_000)) return false;
    return applyRunEvent({
      uuid: run.modelUuid,
      groupId: run.groupId,
      instanceId: run.instanceId,
      to: 'FAILED',
      error: { code: 'NEVER_STARTED', message: MSG.neverStarted },
    });
  }
  if (!run.executionArn) {
    const queued = run.status === 'INQUEUE' && run.queuedOn ? Date.parse(run.queuedOn) : Number.NaN;
    if (!(now.getTime() - queued > START_TIMEOUT_MS)) return false;
    return applyRunEvent({
      uuid: run.modelUuid,
      groupId: run.groupId,
      instanceId: run.instanceId,
      to: 'FAILED',
      error: {
        code: 'START_FAILED',
        message: 'The execution was queued but never started. Execute the instance again.',
      },
    });
  }
  const state = await describeRunExecution(run.executionArn);
  const ids = {
    runId: run.runId,
    groupId: run.groupId,
    instanceId: run.instanceId,
    modelUuid: run.modelUuid,
  };
  switch (state.status) {
    case 'RUNNING':
    case 'PENDING_REDRIVE':
    case 'SUCCEEDED':
      return false;
    case 'FAILED':
    case 'TIMED_OUT':
      return (
        await markFailed({
          ...ids,
          error: { Error: state.error ?? 'States.Timeout', Cause: state.cause ?? '' },
        })
      ).applied;
    case 'ABORTED':
    case 'MISSING':
      return applyRunEvent({
        uuid: run.modelUuid,
        groupId: run.groupId,
        instanceId: run.instanceId,
        to: 'FAILED',
        error: {
          code: 'INTERRUPTED',
          message: `The run was interrupted: its execution ${state.status === 'MISSING' ? 'no longer exists' : 'was stopped'}${state.cause ? ` (${state.cause})` : ''} before the model finished. Execute the instance again.`,
        },
      });
  }
}
