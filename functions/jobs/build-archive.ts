import { ArchiveIdSchema } from '@shared/schemas/download-archive';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { buildArchive } from '../core/models/build-archive';
import { countJobFailure } from '../lib/observability';

/** Ends the build this long before the function's timeout, so that FAILED is still recorded and pushed. */
const TIMEOUT_MARGIN_MS = 20_000;

const EventSchema = z.object({ job: z.literal('build-archive'), archiveId: ArchiveIdSchema });

/**
 * Invoked asynchronously by `POST /v2/models/{uuid}/download-all` (functions/lib/job-invoker.ts):
 * builds the "Download all" zip of one archive job (core/models/build-archive.ts). It returns normally
 * whether the archive was built or not: the job item holds the outcome, and a thrown error would only
 * make Lambda deliver the event again.
 */
export async function handler(event: unknown, context: Context): Promise<{ status: string }> {
  const { job, archiveId } = EventSchema.parse(event);
  const deadline = Date.now() + context.getRemainingTimeInMillis() - TIMEOUT_MARGIN_MS;
  const status = await buildArchive(archiveId, { deadline });
  // Not an error to Lambda (see above), but the archive alarm must still hear of it.
  if (status === 'FAILED') countJobFailure(job);
  return { status };
}
