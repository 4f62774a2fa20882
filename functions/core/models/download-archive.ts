import { AREAS, INVOKED_JOBS_AREA } from '@shared/api/routes';
import {
  ARCHIVE_STALLED_MESSAGE,
  type ArchiveStarted,
  type DownloadArchive,
} from '@shared/schemas/download-archive';
import type { User } from '@shared/schemas/user';
import { ulid } from 'ulid';
import {
  type ArchiveJob,
  type ArchiveManifestEntry,
  archiveManifestKey,
  archiveObjectKey,
  finishArchiveJob,
  getArchiveJob,
  putArchiveJob,
} from '../../data/archive-jobs';
import { writeAudit } from '../../data/audit';
import { objectSize, presignDownload, putObject } from '../../data/file-objects';
import { listModelFiles, type ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { startJob } from '../../lib/job-invoker';
import { BUSINESS_EVENTS, countEvent, logger } from '../../lib/observability';
import { recordUsage } from '../usage/record-usage';
import { DOWNLOAD_URL_SECONDS, requireTheoremAccess } from './download-files';
import { mayReadFile } from './file-read-rules';
import { loadModelFor, loadVisibleModel, requireAction } from './model-access';

/** HEAD requests in flight at once while the bodies are checked. */
const HEAD_CONCURRENCY = 16;
/**
 * A job still QUEUED or BUILDING this long after its last change will not finish: its function ended
 * (timed out, crashed) without recording why. The build itself gives up before its function's timeout.
 */
const STALLED_AFTER_MS = (AREAS[INVOKED_JOBS_AREA].timeoutSeconds + 60) * 1000;

export const ARCHIVE_NOT_FOUND = 'Archive not found.';
export const ARCHIVE_NOT_YOURS = 'Only the user who requested this archive can download it.';
const NOTHING_TO_DOWNLOAD = 'There are no files you may download in this model entry.';
const NOT_STARTED = 'The archive could not be started. Please try again.';

/**
 * "Download all", step 1 of 2 (the `jobs` function builds the zip: build-archive.ts).
 * 1. Authorize 'downloadAll' (managers, viewers, super users); on a THEOREM entry the caller's flags
 *    must allow downloads (403 naming the missing accesses).
 * 2. Keep the files that pass the file rule; none → 422.
 * 3. HEAD every body (16 at a time): a file whose body is missing is a data fault, logged as such,
 *    and answers 409 naming the file (nothing is recorded). HEAD also gives the true sizes.
 * 4. Write the manifest (each body's key, size and name in the zip) and the job item (QUEUED).
 * 5. Write the audit record FILES_DOWNLOADED_ALL ("<n> files"), as the synchronous download did.
 * 6. Invoke the jobs function asynchronously with `{ job: 'build-archive', archiveId }`; if Lambda
 *    refuses, the job ends FAILED and the caller gets a 500 with a report id.
 * 7. Answer the job (202): the browser follows it over the WebSocket or `getDownloadArchive`.
 */
export async function startDownloadArchive(
  caller: User,
  uuid: string,
  now = Date.now(),
): Promise<ArchiveStarted> {
  const model = await loadModelFor('downloadAll', uuid, caller);
  requireTheoremAccess(caller, model);
  const files = (await listModelFiles(uuid)).filter((f) => !f.folder && mayReadFile(caller, model, f));
  if (files.length === 0) throw new UnprocessableError(NOTHING_TO_DOWNLOAD);

  const sizes = await bodySizes(uuid, files);
  const entries = manifestEntries(files, sizes);
  const bytesTotal = entries.reduce((sum, e) => sum + e.size, 0);

  const archiveId = ulid(now);
  const manifestKey = archiveManifestKey(uuid, archiveId);
  await putObject(manifestKey, JSON.stringify({ entries }), { contentType: 'application/json' });
  const job = await putArchiveJob(
    {
      archiveId,
      modelUuid: uuid,
      requester: caller.id,
      filesTotal: entries.length,
      bytesTotal,
      fileName: zipFileName(model),
      objectKey: archiveObjectKey(uuid, archiveId),
      manifestKey,
      createdAt: new Date(now).toISOString(),
    },
    now,
  );
  await writeAudit(
    {
      modelUuid: uuid,
      action: 'FILES_DOWNLOADED_ALL',
      actor: caller.id,
      detail: `${files.length} ${files.length === 1 ? 'file' : 'files'}`,
    },
    now,
  );
  countEvent(BUSINESS_EVENTS.fileDownloaded, files.length);
  await recordUsage(uuid, 'downloads', files.length, now);

  try {
    await startJob({ job: 'build-archive', archiveId });
  } catch (error) {
    await finishArchiveJob(archiveId, { status: 'FAILED', message: NOT_STARTED }, new Date().toISOString());
    throw error;
  }
  return { archiveId, status: job.status, filesTotal: job.filesTotal, bytesTotal: job.bytesTotal };
}

/**
 * The job of a "Download all" request.
 * 1. The job must exist, belong to this entry (404 otherwise) and the caller must still be allowed
 *    'downloadAll' on the entry (with THEOREM flags): an archive is not handed to someone who lost
 *    access since asking.
 * 2. Only its requester, or a super user, may read it (403).
 * 3. A job that stopped moving long past its function's timeout reads as FAILED.
 * 4. READY: a fresh presigned GET (15 min) that saves under the entry's name.
 */
export async function getDownloadArchive(
  caller: User,
  uuid: string,
  archiveId: string,
  now = Date.now(),
): Promise<DownloadArchive> {
  const [model, job] = await Promise.all([loadVisibleModel(uuid, caller), getArchiveJob(archiveId, now)]);
  if (!job || job.modelUuid !== uuid) throw new NotFoundError(ARCHIVE_NOT_FOUND);
  requireAction('downloadAll', caller, model);
  requireTheoremAccess(caller, model);
  if (job.requester !== caller.id && caller.userType !== 'SUPERUSER')
    throw new ForbiddenError(ARCHIVE_NOT_YOURS);

  const answer = archiveAnswer(job, now);
  if (answer.status !== 'READY') return answer;
  return {
    ...answer,
    url: await presignDownload(job.objectKey, job.fileName, DOWNLOAD_URL_SECONDS),
    expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/** The job as the API shows it (without its keys, requester or stats). */
export function archiveAnswer(job: ArchiveJob, now = Date.now()): DownloadArchive {
  const stalled =
    (job.status === 'QUEUED' || job.status === 'BUILDING') &&
    now - Date.parse(job.updatedAt) > STALLED_AFTER_MS;
  return {
    archiveId: job.archiveId,
    modelUuid: job.modelUuid,
    status: stalled ? 'FAILED' : job.status,
    filesDone: job.filesDone,
    filesTotal: job.filesTotal,
    bytesDone: job.bytesDone,
    bytesTotal: job.bytesTotal,
    fileName: job.fileName,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...(stalled ? { message: ARCHIVE_STALLED_MESSAGE } : job.message ? { message: job.message } : {}),
  };
}

/** The zip's name: the entry's name, with characters that trouble file systems replaced. */
export function zipFileName(model: Pick<ModelRecord, 'name'>): string {
  return `${model.name.replace(/[^\w .,()+-]+/g, '_').slice(0, 200) || 'model'}.zip`;
}

/** Where a file sits in the zip: its folder path and name, made unique with " (2)", " (3)"... */
export function manifestEntries(
  files: readonly ModelFileRecord[],
  sizes: ReadonlyMap<string, number>,
): ArchiveManifestEntry[] {
  const used = new Set<string>();
  return files.map((file) => {
    const base = file.path ? `${file.path}/${file.name}` : file.name;
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base} (${i})`;
    used.add(name);
    const modifiedAt = file.updatedOn ?? file.createdOn;
    return {
      name,
      key: file.s3Key,
      size: sizes.get(file.s3Key) ?? file.size ?? 0,
      ...(modifiedAt ? { modifiedAt } : {}),
    };
  });
}

/** The size of every file's body (HEAD); a missing body is a data fault: logged, then 409 naming it. */
async function bodySizes(uuid: string, files: readonly ModelFileRecord[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const missing: ModelFileRecord[] = [];
  await forEachLimited(files, HEAD_CONCURRENCY, async (file) => {
    const size = file.s3Key ? await objectSize(file.s3Key) : undefined;
    if (size === undefined) missing.push(file);
    else sizes.set(file.s3Key, size);
  });
  if (missing.length > 0) {
    logger.error('Data fault: file bodies are missing from the files bucket', {
      dataFault: 'missing-file-body',
      modelUuid: uuid,
      files: missing.map((f) => ({ fileUuid: f.uuid, name: f.name, path: f.path, s3Key: f.s3Key })),
    });
    throw new ConflictError(missingBodiesMessage(missing));
  }
  return sizes;
}

export function missingBodiesMessage(missing: readonly Pick<ModelFileRecord, 'name' | 'path'>[]): string {
  const names = missing.map((f) => `'${f.path ? `${f.path}/${f.name}` : f.name}'`);
  const shown =
    names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  const subject = names.length === 1 ? `The file ${shown} has` : `The files ${shown} have`;
  return `${subject} no content in storage, so the archive cannot be made. Please report this problem (it was logged).`;
}

/** Runs `work` for every item, at most `limit` at a time; the first failure rejects. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
