import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DOWNLOADS_PREFIX, MODEL_FILES_PREFIX } from '@shared/config/files-bucket';
import { ARCHIVE_LIMITS, ArchiveStatusSchema } from '@shared/schemas/download-archive';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { tableName, ttlIn, withoutKeys } from './table';

/**
 * "Download all" jobs: ARCHIVE#<archiveId> / META, one item per request, expiring with the archive
 * after a day (TTL). The archive id is a ULID; the job names its entry, its requester (the only user
 * besides super users who may read it) and where its objects are: the zip at
 * `downloads/<uuid>/<archiveId>.zip` and the manifest (what goes into the zip, fixed when the request
 * was checked) at `downloads/<uuid>/<archiveId>.manifest.json`. Status changes are conditional, so a
 * finished job stays finished and a retried invocation cannot build the same archive twice.
 */
export const archiveJobKey = (archiveId: string) => ({ pk: `ARCHIVE#${archiveId}`, sk: 'META' });
/** Object keys are built from validated parts in storage-keys.ts; re-exported for this module's readers. */
export { archiveManifestKey, archiveObjectKey } from './storage-keys';

/** What the build measured (logged too): duration and the peak memory of the process while it ran. */
export const ArchiveStatsSchema = z.object({
  durationMs: z.number(),
  zipBytes: z.number(),
  peakRssBytes: z.number(),
  peakHeapUsedBytes: z.number(),
  /** Buffers outside the V8 heap (stream chunks, zlib). */
  peakArrayBuffersBytes: z.number(),
});
export type ArchiveStats = z.infer<typeof ArchiveStatsSchema>;

export const ArchiveJobSchema = z.object({
  archiveId: z.string(),
  modelUuid: z.string(),
  /** ISID of the user who asked for it. */
  requester: z.string(),
  status: ArchiveStatusSchema,
  filesTotal: z.int().check(z.nonnegative()),
  filesDone: z.int().check(z.nonnegative()),
  bytesTotal: z.int().check(z.nonnegative()),
  bytesDone: z.int().check(z.nonnegative()),
  /** The zip's name in the browser. */
  fileName: z.string(),
  /**
   * Both under `downloads/`: checked, and what keeps the prefix in the bundle of the function that
   * builds the archive from these keys alone, so that its grant covers them (see the manifest's keys).
   */
  objectKey: z.string().check(z.startsWith(DOWNLOADS_PREFIX)),
  manifestKey: z.string().check(z.startsWith(DOWNLOADS_PREFIX)),
  createdAt: z.string(),
  updatedAt: z.string(),
  message: z.optional(z.string()),
  stats: z.optional(ArchiveStatsSchema),
  /** Epoch seconds (the table's TTL attribute). */
  ttl: z.int(),
});
export type ArchiveJob = z.infer<typeof ArchiveJobSchema>;

/** One file of the manifest: its name in the zip, its body and what HEAD said of it. */
export const ArchiveManifestEntrySchema = z.object({
  name: z.string(),
  /**
   * A file body's key. Checked against the prefix because the build reads only file bodies, and
   * because this is how its function's grant covers `models/*` (the IAM derivation reads the prefix
   * constants a bundle keeps: cdk/constructs/area-analysis.ts).
   */
  key: z.string().check(z.startsWith(MODEL_FILES_PREFIX)),
  size: z.int().check(z.nonnegative()),
  /** The file's last change, as the entry's time in the zip. */
  modifiedAt: z.optional(z.string()),
});
export type ArchiveManifestEntry = z.infer<typeof ArchiveManifestEntrySchema>;
export const ArchiveManifestSchema = z.object({ entries: z.array(ArchiveManifestEntrySchema) });

const fromItem = (item: Record<string, unknown>): ArchiveJob => ArchiveJobSchema.parse(withoutKeys(item));

export type NewArchiveJob = Omit<ArchiveJob, 'status' | 'filesDone' | 'bytesDone' | 'updatedAt' | 'ttl'>;

/** Records a new job as QUEUED (a day's TTL from its creation). */
export async function putArchiveJob(job: NewArchiveJob, now = Date.now()): Promise<ArchiveJob> {
  const item: ArchiveJob = {
    ...job,
    status: 'QUEUED',
    filesDone: 0,
    bytesDone: 0,
    updatedAt: job.createdAt,
    ttl: ttlIn(ARCHIVE_LIMITS.ttlSeconds, now),
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...archiveJobKey(job.archiveId), entity: 'ArchiveJob', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
}

/** The job, or undefined when there is none (or its TTL passed and DynamoDB has not deleted it yet). */
export async function getArchiveJob(archiveId: string, now = Date.now()): Promise<ArchiveJob | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: archiveJobKey(archiveId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const job = fromItem(Item);
  return job.ttl * 1000 < now ? undefined : job;
}

/** Runs a conditional update; false when its condition did not hold. */
async function conditionalUpdate(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * QUEUED → BUILDING, once: the job as it is now, or undefined when it was already claimed or finished
 * (Lambda may deliver an asynchronous event more than once).
 */
export async function claimArchiveJob(archiveId: string, at: string): Promise<ArchiveJob | undefined> {
  let claimed: ArchiveJob | undefined;
  await conditionalUpdate(async () => {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: archiveJobKey(archiveId),
        UpdateExpression: 'SET #status = :building, #updatedAt = :at',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: { ':building': 'BUILDING', ':queued': 'QUEUED', ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (out.Attributes) claimed = fromItem(out.Attributes);
  });
  return claimed;
}

/** Progress of a BUILDING job; false when the job is no longer building. */
export function recordArchiveProgress(
  archiveId: string,
  progress: { filesDone: number; bytesDone: number },
  at: string,
): Promise<boolean> {
  return conditionalUpdate(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: archiveJobKey(archiveId),
        UpdateExpression: 'SET #filesDone = :filesDone, #bytesDone = :bytesDone, #updatedAt = :at',
        ConditionExpression: '#status = :building',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#filesDone': 'filesDone',
          '#bytesDone': 'bytesDone',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: {
          ':filesDone': progress.filesDone,
          ':bytesDone': progress.bytesDone,
          ':building': 'BUILDING',
          ':at': at,
        },
      }),
    ),
  );
}

/**
 * Ends a job that is not finished yet: READY (only from BUILDING) with its final counts and stats, or
 * FAILED (from QUEUED or BUILDING) with a message. False when it had already ended.
 */
export function finishArchiveJob(
  archiveId: string,
  end:
    | { status: 'READY'; filesDone: number; bytesDone: number; stats: ArchiveStats }
    | { status: 'FAILED'; message: string; filesDone?: number; bytesDone?: number },
  at: string,
): Promise<boolean> {
  const values: Record<string, unknown> = { ':status': end.status, ':at': at, ':building': 'BUILDING' };
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const sets = ['#status = :status', '#updatedAt = :at'];
  const set = (name: string, value: unknown) => {
    if (value === undefined) return;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  };
  set('filesDone', end.filesDone);
  set('bytesDone', end.bytesDone);
  let condition = '#status = :building';
  if (end.status === 'READY') set('stats', end.stats);
  else {
    set('message', end.message);
    values[':queued'] = 'QUEUED';
    condition = '#status IN (:queued, :building)';
  }
  return conditionalUpdate(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: archiveJobKey(archiveId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}
