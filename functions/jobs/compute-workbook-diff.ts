import { MODEL_FILES_PREFIX } from '@shared/config/files-bucket';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { computeWorkbookDiff } from '../core/compare/workbook-diffs';
import { workbookDiffer } from '../core/compare/workbook-engine';
import { openBody } from '../data/diff-objects';
import { countJobFailure } from '../lib/observability';

/** Ends the diff this long before the function's timeout, so that its outcome is still stored. */
const TIMEOUT_MARGIN_MS = 20_000;

const BodySchema = z.object({
  key: z.string().check(z.startsWith(MODEL_FILES_PREFIX)),
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  size: z.int().check(z.nonnegative()),
  name: z.string(),
});
const EventSchema = z.object({
  job: z.literal('compute-workbook-diff'),
  before: BodySchema,
  after: BodySchema,
  /** Computed again although its overview exists (a document of it expired). */
  recompute: z.optional(z.boolean()),
});

/**
 * Invoked asynchronously by the workbook diff route (core/compare/workbook-diffs.ts): computes the
 * diff of two workbook bodies and stores it under both hashes. It returns normally whatever the
 * outcome: the stored documents hold it, and a thrown error would only make Lambda run it again.
 */
export async function handler(event: unknown, context: Context): Promise<{ status: string }> {
  const { job, before, after, recompute } = EventSchema.parse(event);
  const deadline = Date.now() + context.getRemainingTimeInMillis() - TIMEOUT_MARGIN_MS;
  const status = await computeWorkbookDiff({ before, after }, workbookDiffer, openBody, {
    deadline,
    ...(recompute ? { recompute } : {}),
  });
  // A workbook the engine refuses is the file's matter; a fault must reach the jobs alarm.
  if (status === 'FAILED') countJobFailure(job);
  return { status };
}
