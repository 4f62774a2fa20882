import { RunJobSchema, StoredOutcomeSchema } from '@shared/schemas/run-job';
import * as z from 'zod/mini';
import { getExecutionRun } from '../../data/executions';
import { findRunDocument, getRunDocument } from '../../data/run-files';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';
import { applyRunEvent } from './run-events';
import { storeRunRecord } from './run-record';
import { PipelineError, PreparedRunSchema, RunExecutionInputSchema, RunNotActiveError } from './run-state';

const CollectStateSchema = z.extend(RunExecutionInputSchema, { prepared: PreparedRunSchema });

export interface CollectedRun {
  runId: string;
  status: 'COMPLETED';
  resultKind: 'visualization' | 'files';
}

/**
 * Collect, after the runner's task ended well (result at `$.collected`).
 * 1. The run moves to POSTPROCESSING (a retried Collect finds it there and goes on; a cancelled run
 *    stops here).
 * 2. The runner's outcome.json: missing or unreadable fails the run (MarkFailed) with a message; an
 *    outcome that is not COMPLETED fails it with the runner's fault.
 * 3. The reproducibility record, then COMPLETED (the result, its files and the archive are the
 *    runner's objects beside the outcome).
 */
export async function collectRun(state: unknown, now = new Date()): Promise<CollectedRun> {
  const input = CollectStateSchema.parse(state);
  const ids = { uuid: input.modelUuid, groupId: input.groupId, instanceId: input.instanceId };
  if (!(await applyRunEvent({ ...ids, to: 'POSTPROCESSING', at: now }))) {
    const run = await getExecutionRun(input.groupId, input.instanceId);
    if (run?.status !== 'POSTPROCESSING' || run.runId !== input.runId)
      throw new RunNotActiveError(
        `Run ${input.runId} is ${run?.status ?? 'gone'}; its outputs are not collected.`,
      );
  }

  const job = RunJobSchema.parse(await getRunDocument(input.prepared.jobKey));
  let document: unknown;
  try {
    document = await findRunDocument(job.outcomeKey);
  } catch {
    throw new PipelineError('The runner left an unreadable outcome (outcome.json is not JSON).');
  }
  if (document === undefined)
    throw new PipelineError('The runner ended without reporting what happened (no outcome.json).');
  const parsed = StoredOutcomeSchema.safeParse(document);
  if (!parsed.success)
    throw new PipelineError(
      `The runner's outcome.json is not readable: ${z.prettifyError(parsed.error).slice(0, 500)}`,
    );
  const outcome = parsed.data;
  if (outcome.status !== 'COMPLETED' || !outcome.result)
    throw new PipelineError(outcome.fault?.message ?? 'The runner reported no result.');

  await storeRunRecord(job, outcome);
  await applyRunEvent({ ...ids, to: 'COMPLETED' });
  countEvent(BUSINESS_EVENTS.runFinished, 1, { outcome: 'COMPLETED' });
  return { runId: input.runId, status: 'COMPLETED', resultKind: outcome.result.kind };
}
