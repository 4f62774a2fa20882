import { markRunFailed } from '../../data/runs';
import { BUSINESS_EVENTS, countEvent, logger } from '../../lib/observability';

const CAUSE_MAX = 4000;

interface FailedStateInput {
  runId?: unknown;
  prepared?: { runId?: unknown };
  error?: { Error?: unknown; Cause?: unknown };
}

/**
 * MarkFailed step: something in the run failed and the state machine caught it into `$.error`.
 * 1. Find the run id (`$.prepared.runId`, else the execution input's `$.runId`).
 * 2. Record the run as FAILED with the error name and cause.
 * Without a run id (Prepare failed on an input without one) there is no record to mark: log only.
 */
export async function markFailed(
  stateInput: unknown,
  now = new Date(),
): Promise<{ runId?: string; status: 'FAILED' }> {
  const input = (stateInput ?? {}) as FailedStateInput;
  const runId = [input.prepared?.runId, input.runId].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const error = typeof input.error?.Error === 'string' ? input.error.Error : 'States.Unknown';
  const rawCause = input.error?.Cause;
  const cause = (
    typeof rawCause === 'string' ? rawCause : rawCause === undefined ? '' : JSON.stringify(rawCause)
  ).slice(0, CAUSE_MAX);
  if (!runId) {
    logger.error('A run failed before it had an id', { error, cause });
    return { status: 'FAILED' };
  }
  await markRunFailed(runId, { error, cause }, now.toISOString());
  countEvent(BUSINESS_EVENTS.runFinished, 1, { outcome: 'FAILED' });
  return { runId, status: 'FAILED' };
}
