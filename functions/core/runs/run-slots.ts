import { isActiveRun } from '@shared/executions/execution-status';
import * as z from 'zod/mini';
import { getExecutionRun } from '../../data/executions';
import {
  acquireRunSlot as acquireSlot,
  listRunSlotHolders,
  releaseRunSlot as releaseSlot,
} from '../../data/run-slots';
import { logger } from '../../lib/observability';

/**
 * The run-model state machine's queue (cdk/state-machine/run-model.asl.json): AcquireRunSlot before
 * Prepare, ReleaseRunSlot after Collect and after MarkFailed. While every slot is held the acquire
 * fails with RunSlotsFull, which the ASL retries with backoff: the run waits INQUEUE instead of
 * failing on the account's Fargate vCPU quota or RunTask rate (docs/deploy.md, "Quotas").
 */
export class RunSlotsFullError extends Error {
  override name = 'RunSlotsFull';
}

const AcquireInputSchema = z.object({
  runId: z.string().check(z.minLength(1)),
  groupId: z.string().check(z.minLength(1)),
  instanceId: z.string().check(z.minLength(1)),
  /** The ASL's `${RunSlotLimit}` substitution: a string, since a placeholder must stay valid JSON. */
  limit: z.string().check(z.regex(/^[1-9]\d*$/)),
});

const ReleaseInputSchema = z.object({ runId: z.string().check(z.minLength(1)) });

/** AcquireRunSlot: takes a slot for the run, or throws RunSlotsFull (retried by the ASL). */
export async function acquireRunSlot(
  input: unknown,
  now = new Date(),
): Promise<{ slot: 'ACQUIRED' | 'HELD' }> {
  const { limit, ...run } = AcquireInputSchema.parse(input);
  const slot = await acquireSlot({ ...run, acquiredOn: now.toISOString() }, Number(limit));
  if (slot === 'FULL')
    throw new RunSlotsFullError(`All ${limit} run slots are in use; the run waits for one to free up.`);
  return { slot };
}

/** ReleaseRunSlot: gives the run's slot back (nothing when it holds none). */
export async function releaseRunSlot(input: unknown): Promise<{ released: boolean }> {
  const { runId } = ReleaseInputSchema.parse(input);
  return { released: await releaseSlot(runId) };
}

/**
 * Slots whose run has ended or is gone, given back. A cancel is StopExecution, and an execution stopped
 * or lost (a restart of the local cloud, a Lambda task that could not run) never reaches its
 * ReleaseRunSlot state: reconciliation gives those slots back so the queue cannot fill up with them.
 */
export async function releaseSlotsOfEndedRuns(): Promise<number> {
  const holders = await listRunSlotHolders();
  let released = 0;
  for (const holder of holders) {
    const run = await getExecutionRun(holder.groupId, holder.instanceId);
    if (run && run.runId === holder.runId && isActiveRun(run.status)) continue;
    if (await releaseSlot(holder.runId)) released++;
  }
  if (released > 0) logger.info('Released the run slots of ended runs', { released });
  return released;
}
