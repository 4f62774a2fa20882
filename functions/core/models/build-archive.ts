import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { ARCHIVE_LIMITS, type ArchiveMessage } from '@shared/schemas/download-archive';
import { ZipFile } from 'yazl';
import {
  type ArchiveJob,
  type ArchiveManifestEntry,
  ArchiveManifestSchema,
  type ArchiveStats,
  claimArchiveJob,
  finishArchiveJob,
  recordArchiveProgress,
} from '../../data/archive-jobs';
import { listUserConnectionIds } from '../../data/connections';
import { getObjectBytes, objectSize, openObject } from '../../data/file-objects';
import { uploadStream } from '../../data/object-upload';
import { logger } from '../../lib/observability';
import { pushToConnection } from '../connections/push-to-connection';

/**
 * "Download all", step 2 of 2 (step 1: download-archive.ts): the `jobs` function, invoked
 * asynchronously with `{ job: 'build-archive', archiveId }`, writes the zip.
 * 1. Claim the job (QUEUED → BUILDING, once: a repeated delivery of the event does nothing).
 * 2. Read the manifest the request wrote: each body's key, size and name in the zip.
 * 3. Stream the bodies through yazl into a multipart upload at `downloads/<uuid>/<archiveId>.zip`
 *    (lib-storage: 8 MiB parts, two in flight). Memory stays bounded whatever the size: a body is
 *    opened only when fewer than PREFETCH_BYTES remain to be read before it (at most MAX_OPEN_BODIES
 *    at once, so small files do not wait for each GET in turn), and it is pulled as the zip is
 *    written. yazl writes zip64 records where sizes or offsets pass 4 GiB, and checks every body's
 *    length against the manifest.
 * 4. Each body's first 64 KiB decide its compression: deflated (level 1) when a trial shrinks it by a
 *    tenth, stored otherwise (workbooks, PDFs, images and archives are compressed already; deflating
 *    them again would only cost time).
 * 5. Progress (files and bytes read) goes to the job item and, as `archive-progress`, to the
 *    requester's WebSocket connections, at most once a second.
 * 6. The end: READY with the build's figures (logged too), then `archive-ready`; or, on any failure
 *    or when the function's time is nearly up, FAILED with a message, then `archive-failed`. The
 *    upload is aborted on failure, so no parts are left behind. The handler never throws for a build
 *    that failed: Lambda would run it again, and a FAILED job is final.
 */
export const PREFETCH_BYTES = 8 * 1024 * 1024;
export const MAX_OPEN_BODIES = 8;
export const SAMPLE_BYTES = 64 * 1024;
/** Deflate level of compressible bodies: zlib's fastest, within a few per cent of its default size. */
export const COMPRESSION_LEVEL = 1;

export const ARCHIVE_FAILED_MESSAGE = 'The archive could not be built. Please try again.';
export const ARCHIVE_TOO_SLOW_MESSAGE =
  'The archive took too long to build. Please try again, or download the files one by one.';

export interface BuildOptions {
  /** Epoch ms by which the build must have ended (the function's timeout, less a margin). */
  deadline: number;
  now?: () => number;
}

/** How the build ended; SKIPPED: the job was not there to claim (built, building, failed or gone). */
export type BuildOutcome = 'READY' | 'FAILED' | 'SKIPPED';

export async function buildArchive(archiveId: string, options: BuildOptions): Promise<BuildOutcome> {
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const job = await claimArchiveJob(archiveId, iso());
  if (!job) {
    logger.warn('Archive job not claimable (already built, building or gone)', { archiveId });
    return 'SKIPPED';
  }
  const started = now();
  const memory = memoryPeaks();
  const progress = new ProgressReporter(job, now);
  let stats: ArchiveStats | undefined;
  let failure: unknown;
  try {
    const bytes = await getObjectBytes(job.manifestKey);
    if (!bytes) throw new Error(`The manifest ${job.manifestKey} is missing`);
    const { entries } = ArchiveManifestSchema.parse(JSON.parse(bytes.toString('utf8')));
    await writeZip(job.objectKey, entries, progress, options.deadline - now());
    const zipBytes = (await objectSize(job.objectKey)) ?? 0;
    stats = { durationMs: now() - started, zipBytes, ...memory.stop() };
  } catch (error) {
    failure = error;
    memory.stop();
  }
  // No progress after the final state: a late `archive-progress` would follow `archive-ready`.
  await progress.stop();

  if (stats) {
    await finishArchiveJob(
      archiveId,
      { status: 'READY', filesDone: progress.filesDone, bytesDone: progress.bytesDone, stats },
      iso(),
    );
    logger.info('Archive built', {
      archiveId,
      modelUuid: job.modelUuid,
      files: progress.filesDone,
      bytes: progress.bytesDone,
      ...stats,
    });
    await progress.push({ type: 'archive-ready', ...progress.counts(), fileName: job.fileName });
    return 'READY';
  }
  const message = failure instanceof BuildTimeout ? ARCHIVE_TOO_SLOW_MESSAGE : ARCHIVE_FAILED_MESSAGE;
  logger.error('Archive build failed', { archiveId, modelUuid: job.modelUuid, error: failure });
  await finishArchiveJob(
    archiveId,
    { status: 'FAILED', message, filesDone: progress.filesDone, bytesDone: progress.bytesDone },
    iso(),
  ).catch((error: unknown) => logger.error('Could not record the failed archive', { archiveId, error }));
  await progress.push({ type: 'archive-failed', archiveId, modelUuid: job.modelUuid, message });
  return 'FAILED';
}

class BuildTimeout extends Error {
  override name = 'BuildTimeout';
}

/** How long a failed build waits for the upload to abort its multipart upload. */
const ABORT_WAIT_MS = 10_000;

/**
 * Writes the zip of `entries` to `key`. Rejects (and aborts the upload) when a body fails, a body's
 * length differs from the manifest, or `timeoutMs` passes.
 */
export async function writeZip(
  key: string,
  entries: readonly ArchiveManifestEntry[],
  progress: Pick<ProgressReporter, 'read' | 'fileDone'>,
  timeoutMs: number,
): Promise<void> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // Where each entry's body starts in the stream of all bodies: what decides when to open it.
  const offsets: number[] = [];
  entries.reduce((offset, entry, i) => {
    offsets[i] = offset;
    return offset + entry.size;
  }, 0);

  const opened: Promise<OpenedBody>[] = [];
  const bodies = new Set<Readable>();
  let read = 0;
  let done = 0;
  let failure: Error | undefined;
  let rejectFailed: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    rejectFailed = reject;
  });
  failed.catch(() => undefined);
  const changed = new Signal();

  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    // The upload reads the zip: destroying it ends the upload, which aborts the multipart upload.
    output.destroy(error);
    for (const body of bodies) body.destroy();
    changed.notify();
    rejectFailed(error);
  };
  zip.on('error', (error: Error) => fail(error));
  const timer = setTimeout(() => fail(new BuildTimeout('The archive build ran out of time')), timeoutMs);

  const open = (entry: ArchiveManifestEntry): Promise<OpenedBody> => {
    const promise = openEntry(entry, {
      onBytes: (n) => {
        read += n;
        progress.read(n);
        changed.notify();
      },
      onEnd: () => {
        done++;
        progress.fileDone();
        changed.notify();
      },
    }).then((body) => {
      bodies.add(body.source);
      body.source.once('close', () => bodies.delete(body.source));
      // yazl pipes the body without listening for its errors: a failing body fails the build.
      body.source.once('error', (error) => fail(error));
      if (failure) body.source.destroy();
      return body;
    });
    // Awaited by the loop below in order; a rejection ahead of that must not go unhandled meanwhile.
    promise.catch(() => undefined);
    return promise;
  };

  // Adds entries in manifest order, opening each body once it is close to being read.
  const addEntries = async () => {
    let next = 0;
    let i = 0;
    while (i < entries.length && !failure) {
      while (
        next < entries.length &&
        next - done < MAX_OPEN_BODIES &&
        (offsets[next] ?? 0) - read <= PREFETCH_BYTES
      ) {
        opened[next] = open(entries[next] as ArchiveManifestEntry);
        next++;
      }
      const opening = opened[i];
      if (!opening) {
        await changed.wait();
        continue;
      }
      const { source, compress } = await opening;
      if (failure) return;
      const entry = entries[i] as ArchiveManifestEntry;
      zip.addReadStream(source, entry.name, {
        size: entry.size,
        compressionLevel: compress ? COMPRESSION_LEVEL : 0,
        ...(entry.modifiedAt ? { mtime: new Date(entry.modifiedAt) } : {}),
      });
      i++;
    }
    if (!failure) zip.end();
  };

  const upload = uploadStream(key, output, 'application/zip');
  try {
    await Promise.race([Promise.all([addEntries(), upload]), failed]);
  } catch (error) {
    fail(error instanceof Error ? error : new Error(String(error)));
    // Give the upload the moment it needs to abort the multipart upload it started.
    await Promise.race([upload.catch(() => undefined), sleep(ABORT_WAIT_MS)]);
    throw failure;
  } finally {
    clearTimeout(timer);
    for (const body of bodies) body.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

interface OpenedBody {
  /** What yazl reads: the body's first bytes, then the rest as it is pulled. */
  source: Readable;
  compress: boolean;
}

/**
 * Opens one body and reads its first SAMPLE_BYTES to decide its compression; the stream handed to
 * yazl yields those bytes, then the rest of the body as yazl pulls it, reporting each chunk.
 */
async function openEntry(
  entry: ArchiveManifestEntry,
  on: { onBytes: (n: number) => void; onEnd: () => void },
): Promise<OpenedBody> {
  const body = await openObject(entry.key);
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < SAMPLE_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
  } catch (error) {
    body.destroy();
    throw error;
  }
  const first = Buffer.concat(head);
  async function* all(): AsyncGenerator<Buffer> {
    if (first.length > 0) {
      on.onBytes(first.length);
      yield first;
    }
    while (!ended) {
      const next = await chunks.next();
      if (next.done) break;
      on.onBytes(next.value.length);
      yield next.value;
    }
    on.onEnd();
  }
  const source = Readable.from(all(), { objectMode: false });
  // Destroying the stream yazl reads (a failed build) also closes the S3 response under it.
  source.once('close', () => body.destroy());
  return { source, compress: isCompressible(first) };
}

/** Whether deflating a body pays: a trial on its first bytes shrinks them by at least a tenth. */
export function isCompressible(sample: Buffer): boolean {
  if (sample.length < 1024) return true;
  return (
    deflateRawSync(sample.subarray(0, SAMPLE_BYTES), { level: COMPRESSION_LEVEL }).length <
    sample.length * 0.9
  );
}

/** Wakes every waiter on the next `notify()`. */
class Signal {
  private waiting: (() => void)[] = [];
  wait(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  notify(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** How often the requester's connections are looked up again (a reconnected browser joins). */
const CONNECTIONS_REFRESH_MS = 5000;

/**
 * The job's progress: counts what was read, and at most once a second (never two at a time) writes it
 * to the job item and pushes `archive-progress` to the requester's connections. Pushes never fail the
 * build (pushToConnection logs and forgets a failed push).
 */
export class ProgressReporter {
  filesDone = 0;
  bytesDone = 0;
  private lastReport = 0;
  private stopped = false;
  private reporting: Promise<void> | undefined;
  private connections: { ids: string[]; at: number } | undefined;

  constructor(
    private readonly job: Pick<
      ArchiveJob,
      'archiveId' | 'modelUuid' | 'requester' | 'filesTotal' | 'bytesTotal'
    >,
    private readonly now: () => number = Date.now,
  ) {}

  read(bytes: number): void {
    this.bytesDone += bytes;
    this.maybeReport();
  }

  fileDone(): void {
    this.filesDone++;
    this.maybeReport();
  }

  counts() {
    const { archiveId, modelUuid, filesTotal, bytesTotal } = this.job;
    return {
      archiveId,
      modelUuid,
      filesDone: this.filesDone,
      filesTotal,
      bytesDone: this.bytesDone,
      bytesTotal,
    };
  }

  /** Sends a message to every connection of the requester. */
  async push(message: ArchiveMessage): Promise<void> {
    try {
      const ids = await this.connectionIds();
      await Promise.all(ids.map((id) => pushToConnection(id, message, this.job.requester)));
    } catch (error) {
      logger.warn('Could not push the archive progress', { archiveId: this.job.archiveId, error });
    }
  }

  /** Ends the reports: waits for one in flight, and starts no other (before the final state). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.reporting;
  }

  private maybeReport(): void {
    const now = this.now();
    if (this.stopped || this.reporting || now - this.lastReport < ARCHIVE_LIMITS.progressIntervalMs) return;
    this.lastReport = now;
    this.reporting = this.report().finally(() => {
      this.reporting = undefined;
    });
  }

  private async report(): Promise<void> {
    const counts = this.counts();
    try {
      const building = await recordArchiveProgress(
        this.job.archiveId,
        { filesDone: counts.filesDone, bytesDone: counts.bytesDone },
        new Date(this.now()).toISOString(),
      );
      if (building) await this.push({ type: 'archive-progress', ...counts });
    } catch (error) {
      logger.warn('Could not record the archive progress', { archiveId: this.job.archiveId, error });
    }
  }

  private async connectionIds(): Promise<string[]> {
    const now = this.now();
    if (!this.connections || now - this.connections.at > CONNECTIONS_REFRESH_MS) {
      this.connections = { ids: await listUserConnectionIds(this.job.requester), at: now };
    }
    return this.connections.ids;
  }
}

/** Samples the process's memory while a build runs: the figures of the build's log line and stats. */
function memoryPeaks() {
  const peaks = { peakRssBytes: 0, peakHeapUsedBytes: 0, peakArrayBuffersBytes: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peaks.peakRssBytes = Math.max(peaks.peakRssBytes, m.rss);
    peaks.peakHeapUsedBytes = Math.max(peaks.peakHeapUsedBytes, m.heapUsed);
    peaks.peakArrayBuffersBytes = Math.max(peaks.peakArrayBuffersBytes, m.arrayBuffers);
  };
  sample();
  const timer = setInterval(sample, 100);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { ...peaks };
    },
  };
}
