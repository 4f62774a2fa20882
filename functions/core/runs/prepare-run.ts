import { type PreparedRun, RunInputSchema, type RunnerInput } from '@shared/schemas/run';
import { ulid } from 'ulid';
import { putRunDocument, runInputKey, runOutputKey } from '../../data/run-files';
import { putRun } from '../../data/runs';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';

/**
 * Prepare step of the run-model state machine.
 * 1. Validate the execution input (parameters, time limit; default 900 s, at most 86 400 s).
 * 2. Write the runner's input document to runs/<runId>/input.json.
 * 3. Record the run as RUNNING.
 * 4. Return the keys and the time limit for the RunModel task.
 */
export async function prepareRun(input: unknown, now = new Date()): Promise<PreparedRun> {
  const parsed = RunInputSchema.parse(input);
  const runId = parsed.runId ?? ulid(now.getTime());
  const inputKey = runInputKey(runId);
  const outputKey = runOutputKey(runId);
  const runnerInput: RunnerInput = {
    runId,
    parameters: parsed.parameters,
    ...(parsed.fail ? { fail: true } : {}),
  };
  await putRunDocument(inputKey, runnerInput);
  await putRun({
    runId,
    status: 'RUNNING',
    parameters: parsed.parameters,
    inputKey,
    outputKey,
    timeoutSeconds: parsed.timeoutSeconds,
    startedOn: now.toISOString(),
  });
  countEvent(BUSINESS_EVENTS.runStarted);
  return { runId, inputKey, outputKey, timeoutSeconds: parsed.timeoutSeconds };
}
