import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { runRenameJob } from '../core/models/rename-option-job';
import { countJobFailure } from '../lib/observability';

/** Stops between batches this long before the function's timeout, so that progress is written. */
const TIMEOUT_MARGIN_MS = 30_000;

const EventSchema = z.object({
  job: z.literal('rename-metadata-option'),
  jobId: z.string().check(z.regex(/^[0-9A-Z]{26}$/)),
});

/**
 * Invoked asynchronously when an administrator renames an option that entries use, and by Resume
 * (core/models/rename-option-job.ts). A run that reaches the deadline leaves the job RUNNING with its
 * progress; Resume continues it. Errors are thrown: Lambda then delivers the event again, and the
 * job, which finds its remaining entries afresh, continues where it stopped.
 */
export async function handler(event: unknown, context: Context): Promise<{ outcome: string }> {
  const { job, jobId } = EventSchema.parse(event);
  const deadline = Date.now() + context.getRemainingTimeInMillis() - TIMEOUT_MARGIN_MS;
  const outcome = await runRenameJob(jobId, { deadline });
  if (outcome === 'FAILED') countJobFailure(job);
  return { outcome };
}
