import { formatMinutes } from '@shared/executions/format-minutes';
import type { ExecutionError } from '@shared/schemas/execution-api';
import { RunJobSchema, RunnerErrorSchema, StoredOutcomeSchema } from '@shared/schemas/run-job';
import { findRunDocument, runJobKey, runOutcomeKey, runRunnerErrorKey } from '../../data/run-files';
import { BUSINESS_EVENTS, countEvent, logger } from '../../lib/observability';
import { applyRunEvent } from './run-events';
import { storeRunRecord } from './run-record';
import { RunExecutionInputSchema } from './run-state';

const MESSAGE_MAX = 4000;

interface FailedState {
  prepared?: { modelTimeoutSeconds?: unknown; timeoutSeconds?: unknown };
  error?: { Error?: unknown; Cause?: unknown };
}

/**
 * MarkFailed: a task of the run failed and the state machine caught it into `$.error`.
 * 1. Why, in the modeler's words, from the best source there is: the runner's outcome (its fault: a
 *    non-zero exit with the end of stderr, a timeout, a malformed result.json...), else the runner's
 *    own error, else the caught error (the task's time limit, a Lambda task's PipelineError, the
 *    runner's task ending without either).
 * 2. The run's record, when the runner ran the model.
 * 3. FAILED, conditional on an active status: a cancelled run stays CANCELLED.
 */
export async function markFailed(
  state: unknown,
): Promise<{ runId?: string; status: 'FAILED'; applied: boolean; error?: ExecutionError }> {
  const ids = RunExecutionInputSchema.safeParse(state);
  const failed = (state ?? {}) as FailedState;
  if (!ids.success) {
    logger.error('A run failed without its ids', { error: failed.error });
    return { status: 'FAILED', applied: false };
  }
  const { runId } = ids.data;
  const error = await failureOf(runId, failed);
  const applied = await applyRunEvent({
    uuid: ids.data.modelUuid,
    groupId: ids.data.groupId,
    instanceId: ids.data.instanceId,
    to: 'FAILED',
    error,
  });
  if (applied) countEvent(BUSINESS_EVENTS.runFinished, 1, { outcome: 'FAILED', fault: error.code });
  return { runId, status: 'FAILED', applied, error };
}

async function failureOf(runId: string, state: FailedState): Promise<ExecutionError> {
  const [outcomeDocument, runnerError] = await Promise.all([
    findRunDocument(runOutcomeKey(runId)).catch(() => undefined),
    findRunDocument(runRunnerErrorKey(runId)).catch(() => undefined),
  ]);
  const outcome = StoredOutcomeSchema.safeParse(outcomeDocument);
  if (outcome.success && outcome.data.fault) {
    const job = RunJobSchema.safeParse(await findRunDocument(runJobKey(runId)).catch(() => undefined));
    if (job.success)
      await storeRunRecord(job.data, outcome.data).catch((e: unknown) =>
        logger.warn('Could not store the record of a failed run', { runId, error: e }),
      );
    return { code: outcome.data.fault.code, message: clip(outcome.data.fault.message) };
  }
  const stopped = RunnerErrorSchema.safeParse(runnerError);
  if (stopped.success) return { code: 'RUNNER_FAILED', message: clip(stopped.data.message) };
  return fromCaughtError(state);
}

/** The caught error (`$.error`) in words: AWS and the local Step Functions shape causes differently. */
export function fromCaughtError(state: FailedState): ExecutionError {
  const name = typeof state.error?.Error === 'string' ? state.error.Error : 'States.Unknown';
  const cause = causeText(state.error?.Cause);
  if (name === 'States.Timeout') {
    const seconds = Number(state.prepared?.modelTimeoutSeconds);
    return {
      code: 'TIMEOUT',
      message: Number.isFinite(seconds)
        ? `The run timed out: the model's timeout is ${formatMinutes(seconds)}, and the runner did not finish in time (with the time it needs to start and to store the outputs), so it was stopped.`
        : 'The run timed out and was stopped.',
    };
  }
  const lambda = parseJson(cause) as { errorType?: unknown; errorMessage?: unknown } | undefined;
  if (name === 'RunSlotsFull')
    return {
      code: 'QUEUE_TIMEOUT',
      message:
        'The run waited too long for a free run slot (all were in use by other runs) and was not started. Execute the instance again later; if this happens often, ask an administrator to raise the number of runs at once (docs/deploy.md, "Quotas").',
    };
  if (name === 'PipelineError')
    return {
      code: 'SETUP_FAILED',
      message: clip(typeof lambda?.errorMessage === 'string' ? lambda.errorMessage : cause),
    };
  const task = lambda as
    | { StoppedReason?: unknown; Containers?: { ExitCode?: unknown; Reason?: unknown }[] }
    | undefined;
  const container = task?.Containers?.[0];
  if (container) {
    const how =
      typeof container.ExitCode === 'number'
        ? `exit code ${container.ExitCode}`
        : typeof container.Reason === 'string'
          ? container.Reason
          : typeof task?.StoppedReason === 'string'
            ? task.StoppedReason
            : 'no exit code';
    return {
      code: 'RUNNER_FAILED',
      message: `The runner stopped before it could report on the model (${how}); it may have been killed or run out of memory. Execute the instance again; if it fails again, contact support.`,
    };
  }
  const detail = typeof lambda?.errorMessage === 'string' ? lambda.errorMessage : cause;
  return {
    code: 'PIPELINE_FAILED',
    message: clip(`The run failed in the pipeline (${name})${detail ? `: ${detail}` : '.'}`),
  };
}

function causeText(cause: unknown): string {
  if (typeof cause === 'string') return cause;
  if (cause === undefined || cause === null) return '';
  return JSON.stringify(cause);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const clip = (text: string) => (text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX)}…` : text);
