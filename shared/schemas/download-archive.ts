import * as z from 'zod/mini';

/**
 * "Download all" as a job (issue 8 §1): `POST /v2/models/{uuid}/download-all` checks and records the
 * request and answers 202 with the job; the `jobs` area's function builds the zip into the files
 * bucket, reporting progress in the job item and over the WebSocket (`archive-progress`,
 * `archive-ready`, `archive-failed`, shared/schemas/websocket.ts); `GET
 * /v2/models/{uuid}/archives/{archiveId}` answers the job and, once READY, a presigned GET.
 *
 * QUEUED: recorded, the build not started yet; BUILDING: the function is writing the zip; READY: the
 * zip is complete; FAILED: it could not be built (`message` says why).
 */
export const ArchiveStatusSchema = z.enum(['QUEUED', 'BUILDING', 'READY', 'FAILED']);
export type ArchiveStatus = z.infer<typeof ArchiveStatusSchema>;

/** Archive ids are ULIDs (26 Crockford base-32 characters): sortable by creation time. */
export const ArchiveIdSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not an archive id.'));

export const ArchiveParamsSchema = z.object({ uuid: z.uuid(), archiveId: ArchiveIdSchema });

/** The 202 answer of `POST /v2/models/{uuid}/download-all`. */
export const ArchiveStartedSchema = z.object({
  archiveId: ArchiveIdSchema,
  status: ArchiveStatusSchema,
  filesTotal: z.int().check(z.nonnegative()),
  bytesTotal: z.int().check(z.nonnegative()),
});
export type ArchiveStarted = z.infer<typeof ArchiveStartedSchema>;

const ProgressShape = {
  archiveId: ArchiveIdSchema,
  modelUuid: z.string(),
  filesDone: z.int().check(z.nonnegative()),
  filesTotal: z.int().check(z.nonnegative()),
  /** Bytes of the files' bodies read so far (not of the zip, which may be smaller). */
  bytesDone: z.int().check(z.nonnegative()),
  bytesTotal: z.int().check(z.nonnegative()),
};

/** `GET /v2/models/{uuid}/archives/{archiveId}`: the job; `url` (15 min) only when READY. */
export const DownloadArchiveSchema = z.object({
  ...ProgressShape,
  status: ArchiveStatusSchema,
  /** The zip's name in the browser: the entry's name. */
  fileName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why the archive could not be built (FAILED only). */
  message: z.optional(z.string()),
  url: z.optional(z.string()),
  expiresAt: z.optional(z.string()),
});
export type DownloadArchive = z.infer<typeof DownloadArchiveSchema>;

/** Pushed to the requester's connections while the archive is built (at most once a second). */
export const ArchiveProgressMessageSchema = z.object({
  type: z.literal('archive-progress'),
  ...ProgressShape,
});
/** The archive is complete: the browser asks the GET route for its presigned URL. */
export const ArchiveReadyMessageSchema = z.object({
  type: z.literal('archive-ready'),
  ...ProgressShape,
  fileName: z.string(),
});
export const ArchiveFailedMessageSchema = z.object({
  type: z.literal('archive-failed'),
  archiveId: ArchiveIdSchema,
  modelUuid: z.string(),
  message: z.string(),
});
export type ArchiveProgressMessage = z.infer<typeof ArchiveProgressMessageSchema>;
export type ArchiveReadyMessage = z.infer<typeof ArchiveReadyMessageSchema>;
export type ArchiveFailedMessage = z.infer<typeof ArchiveFailedMessageSchema>;
export type ArchiveMessage = ArchiveProgressMessage | ArchiveReadyMessage | ArchiveFailedMessage;

export const ARCHIVE_LIMITS = {
  /** The job item expires after a day, as the archive object does (the bucket's lifecycle rule). */
  ttlSeconds: 24 * 60 * 60,
  /** Progress is written and pushed at most this often. */
  progressIntervalMs: 1000,
} as const;

/** The text of a FAILED job whose build stopped without saying why (its function timed out or crashed). */
export const ARCHIVE_STALLED_MESSAGE = 'The archive could not be built in time. Please try again.';
