import { MESSAGES } from '@shared/messages';
import type { DownloadArchive } from '@shared/schemas/download-archive';
import { getDownloadArchive, startDownloadAll } from '../../../../api/models';
import { ApiError } from '../../../../lib/api-client';
import { onLiveMessage } from '../../../../lib/live-channel';
import { notify } from '../../../../lib/message-stack';
import { startDownload } from './start-download';

/**
 * "Download all" in the browser (issue 8 §1): the server builds the archive as a job, so the
 * download is followed here, outside any component, and survives the dialog being closed.
 *
 * Design: one tracked archive per entry, in a small external store read with useSyncExternalStore.
 * 1. `startArchiveDownload` asks the server to start the job (202 with its id and totals).
 * 2. Progress comes from the app's live channel (`archive-progress`, lib/live-channel.ts
 *    onLiveMessage); when no message about the job came for ARCHIVE_POLL_MS (no socket, a lost
 *    message), the job is read with `GET .../archives/{id}` instead, every ARCHIVE_POLL_MS.
 * 3. READY: a fresh presigned URL from the GET route goes to the browser, which saves the zip; FAILED:
 *    the server's message is kept. Either way following stops.
 * 4. Closing the dialog does not stop anything: the server keeps building (there is nothing to
 *    cancel), and the download starts when the archive is ready, wherever the user is in the app.
 *    While no dialog shows the archive, its outcome is told through the message stack instead.
 * A reload forgets the archive (the server's job is not listed anywhere): the user starts again.
 */
export const ARCHIVE_POLL_MS = 3000;

export type ArchivePhase = 'starting' | 'building' | 'ready' | 'failed';

export interface ArchiveDownload {
  uuid: string;
  phase: ArchivePhase;
  archiveId?: string;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  fileName?: string;
  /** Why it failed (FAILED, or the start refused), in words for the user. */
  error?: string;
}

const NOT_STARTED = 'The archive could not be started. Please try again.';
const LINK_FAILED = 'The archive is ready, but its download link could not be fetched. Please try again.';

let downloads: ReadonlyMap<string, ArchiveDownload> = new Map();
const listeners = new Set<() => void>();
/** Dialogs that show an entry's archive: while one does, outcomes are not also sent to the message stack. */
const watchers = new Map<string, number>();
/** What follows a building archive: its live-message subscription and poll timer. */
const following = new Map<string, { stop: () => void }>();

function set(uuid: string, next: ArchiveDownload | undefined): void {
  const copy = new Map(downloads);
  if (next) copy.set(uuid, next);
  else copy.delete(uuid);
  downloads = copy;
  for (const listener of listeners) listener();
}

const update = (uuid: string, change: Partial<ArchiveDownload>) => {
  const current = downloads.get(uuid);
  if (current) set(uuid, { ...current, ...change });
};

export function subscribeArchiveDownloads(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getArchiveDownloads = (): ReadonlyMap<string, ArchiveDownload> => downloads;

export const isActive = (download: ArchiveDownload | undefined) =>
  download?.phase === 'starting' || download?.phase === 'building';

/** Registers a dialog that shows `uuid`'s archive; returns its unregistration. */
export function watchArchive(uuid: string): () => void {
  watchers.set(uuid, (watchers.get(uuid) ?? 0) + 1);
  return () => {
    const left = (watchers.get(uuid) ?? 1) - 1;
    if (left > 0) watchers.set(uuid, left);
    else watchers.delete(uuid);
  };
}

/** Forgets a finished archive (a new opening of the dialog starts afresh). */
export function forgetArchive(uuid: string): void {
  if (!isActive(downloads.get(uuid))) set(uuid, undefined);
}

/** Starts "Download all" of an entry, unless its archive is being prepared already. */
export async function startArchiveDownload(uuid: string): Promise<void> {
  if (isActive(downloads.get(uuid))) return;
  set(uuid, { uuid, phase: 'starting', filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 });
  try {
    const started = await startDownloadAll(uuid, { handleErrors: true });
    update(uuid, {
      phase: 'building',
      archiveId: started.archiveId,
      filesTotal: started.filesTotal,
      bytesTotal: started.bytesTotal,
    });
    follow(uuid, started.archiveId);
  } catch (error) {
    fail(uuid, errorText(error, NOT_STARTED));
  }
}

/** The server's words for a refused call; a report id for a server fault; `fallback` otherwise. */
function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.body?.reportId) return MESSAGES.errorWithReportId(error.body.reportId);
  return error.body?.message || fallback;
}

function follow(uuid: string, archiveId: string): void {
  let lastHeard = Date.now();
  let polling = false;
  const unsubscribe = onLiveMessage((message) => {
    const m = message as Partial<DownloadArchive> & { type?: string };
    if (m?.archiveId !== archiveId || typeof m.type !== 'string') return;
    lastHeard = Date.now();
    if (m.type === 'archive-progress') update(uuid, counts(m));
    else if (m.type === 'archive-ready') void finishReady(uuid, archiveId, undefined, m.fileName);
    else if (m.type === 'archive-failed') fail(uuid, m.message ?? NOT_STARTED);
  });
  const timer = setInterval(() => {
    if (polling || Date.now() - lastHeard < ARCHIVE_POLL_MS) return;
    polling = true;
    getDownloadArchive(uuid, archiveId, { handleErrors: true })
      .then((job) => {
        if (job.status === 'READY') void finishReady(uuid, archiveId, job);
        else if (job.status === 'FAILED') fail(uuid, job.message ?? NOT_STARTED);
        else update(uuid, counts(job));
      })
      .catch((error: unknown) => {
        // No answer: try again at the next tick. A refusal (the archive is gone, access lost) is final.
        if (error instanceof ApiError && error.status > 0 && error.status < 500)
          fail(uuid, errorText(error, NOT_STARTED));
      })
      .finally(() => {
        polling = false;
        lastHeard = Date.now();
      });
  }, ARCHIVE_POLL_MS / 3);
  following.set(uuid, {
    stop: () => {
      unsubscribe();
      clearInterval(timer);
    },
  });
}

function counts(m: Partial<DownloadArchive>): Partial<ArchiveDownload> {
  const pick = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
  const change: Partial<ArchiveDownload> = {};
  for (const key of ['filesDone', 'filesTotal', 'bytesDone', 'bytesTotal'] as const) {
    const value = pick(m[key]);
    if (value !== undefined) change[key] = value;
  }
  return change;
}

function stopFollowing(uuid: string): void {
  following.get(uuid)?.stop();
  following.delete(uuid);
}

/** READY: a fresh link (unless the poll just brought one), then the browser saves the zip. */
async function finishReady(
  uuid: string,
  archiveId: string,
  job: DownloadArchive | undefined,
  fileName?: string,
): Promise<void> {
  const current = downloads.get(uuid);
  if (!current || current.archiveId !== archiveId || current.phase !== 'building') return;
  stopFollowing(uuid);
  // Marked at once, so that a message and a poll arriving together download once.
  update(uuid, {
    phase: 'ready',
    filesDone: current.filesTotal,
    bytesDone: current.bytesTotal,
    ...(fileName ? { fileName } : {}),
  });
  try {
    const ready = job ?? (await getDownloadArchive(uuid, archiveId, { handleErrors: true }));
    if (ready.status !== 'READY' || !ready.url) throw new Error('not ready');
    update(uuid, { fileName: ready.fileName });
    startDownload(ready.url);
    if (!watchers.has(uuid))
      notify.success(`The archive ${ready.fileName} is ready: its download has started.`);
  } catch (error) {
    fail(uuid, errorText(error, LINK_FAILED), true);
  }
}

/** A ready archive once more (the link of the first download may have expired): a fresh link. */
export async function downloadArchiveAgain(uuid: string): Promise<void> {
  const current = downloads.get(uuid);
  if (current?.phase !== 'ready' || !current.archiveId) return;
  try {
    const ready = await getDownloadArchive(uuid, current.archiveId, { handleErrors: true });
    if (ready.status !== 'READY' || !ready.url) throw new Error('not ready');
    startDownload(ready.url);
  } catch (error) {
    fail(uuid, errorText(error, LINK_FAILED), true);
  }
}

function fail(uuid: string, error: string, force = false): void {
  const current = downloads.get(uuid);
  if (!current || (!force && !isActive(current))) return;
  stopFollowing(uuid);
  update(uuid, { phase: 'failed', error });
  if (!watchers.has(uuid)) notify.error(error);
}

/** For tests: forgets every archive and stops following them. */
export function resetArchiveDownloads(): void {
  for (const uuid of [...following.keys()]) stopFollowing(uuid);
  watchers.clear();
  set('', undefined);
  downloads = new Map();
}
