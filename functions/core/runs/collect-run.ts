import { PreparedRunSchema, RunnerOutputSchema } from '@shared/schemas/run';
import * as z from 'zod';
import { getRunDocument } from '../../data/run-files';
import { markRunCompleted } from '../../data/runs';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';

const CollectInputSchema = z.object({ prepared: PreparedRunSchema }).passthrough();

export interface CollectedRun {
  runId: string;
  status: 'COMPLETED';
  result: { totalCost: number; totalQalys: number; cycles: number };
}

/**
 * Collect step: the runner has finished.
 * 1. Read runs/<runId>/output.json (missing or malformed output fails the step → MarkFailed).
 * 2. Record the run as COMPLETED with a summary of the result.
 */
export async function collectRun(stateInput: unknown, now = new Date()): Promise<CollectedRun> {
  const { prepared } = CollectInputSchema.parse(stateInput);
  const output = RunnerOutputSchema.parse(await getRunDocument(prepared.outputKey));
  if (output.runId !== prepared.runId)
    throw new Error(`Output of run ${output.runId} found for run ${prepared.runId}`);
  const result = { totalCost: output.totalCost, totalQalys: output.totalQalys, cycles: output.cycles };
  await markRunCompleted(prepared.runId, result, now.toISOString());
  countEvent(BUSINESS_EVENTS.runFinished, 1, { outcome: 'COMPLETED' });
  return { runId: prepared.runId, status: 'COMPLETED', result };
}
