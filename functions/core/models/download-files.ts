import { MESSAGES } from '@shared/messages';
import type { User } from '@shared/schemas/user';
import { ulid } from 'ulid';
import { writeAudit } from '../../data/audit';
import { openObject, presignDownload, uploadStream } from '../../data/file-objects';
import {
  downloadObjectKey,
  getModelFile,
  listModelFiles,
  type ModelFileRecord,
} from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { type ZipEntry, zipStream } from '../../lib/zip-stream';
import { FILE_NOT_READABLE, mayReadFile, theoremMissing } from './file-read-rules';
import { loadModelFor } from './model-access';

/** Presigned download links are valid for 15 minutes. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;
function requireTheoremAccess(user: User, model: ModelRecord): void {
  const missing = theoremMissing(user, model);
  if (missing.length > 0) throw new ForbiddenError(MESSAGES.theoremMissingAccess(missing));
}

export interface DownloadLink {
  url: string;
  fileName: string;
  expiresAt: string;
}

/**
 * One file (the legal notice was acknowledged: the request schema requires it).
 * 1. Authorize folder view on the entry (404 / 403 as for every entry action).
 * 2. The file must be one of this entry's (404) and pass the file rule: 403 with one fixed text that
 *    tells nothing about the file. On a THEOREM entry the caller's flags must allow it (403 naming the
 *    missing accesses).
 * 3. Write the audit record FILE_DOWNLOADED, then answer a presigned GET (≤ 15 min) that saves under
 *    the file's name: no link is ever issued without its record.
 */
export async function downloadFile(
  caller: User,
  uuid: string,
  fileUuid: string,
  now = Date.now(),
): Promise<DownloadLink> {
  const model = await loadModelFor('folderView', uuid, caller);
  const file = await getModelFile(uuid, fileUuid);
  if (!file || file.folder) throw new NotFoundError('File not found.');
  if (!mayReadFile(caller, model, file)) throw new ForbiddenError(FILE_NOT_READABLE);
  requireTheoremAccess(caller, model);
  await writeAudit(
    { modelUuid: uuid, action: 'FILE_DOWNLOADED', actor: caller.id, fileUuid, fileName: file.name },
    now,
  );
  return {
    url: await presignDownload(file.s3Key, file.name, DOWNLOAD_URL_SECONDS),
    fileName: file.name,
    expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * All files the caller may read, as one zip.
 * 1. Authorize 'downloadAll' (managers, viewers, super users); on a THEOREM entry the caller's flags
 *    must allow downloads (403 naming the missing accesses).
 * 2. Keep the files that pass the file rule; none → 422.
 * 3. Stream each body from S3 through the zip writer of lib/zip-stream.ts (node:zlib, so nothing to
 *    initialise at a cold start) into a multipart upload at downloads/<uuid>/<ulid>.zip: memory stays
 *    bounded whatever the size. A file's recorded size, when known, lets a file of 4 GiB or more be
 *    written as zip64.
 * 4. Write the audit record FILES_DOWNLOADED_ALL ("<n> files"), then answer a presigned GET (≤ 15 min)
 *    named after the entry.
 */
export async function downloadAll(caller: User, uuid: string, now = Date.now()): Promise<DownloadLink> {
  const model = await loadModelFor('downloadAll', uuid, caller);
  requireTheoremAccess(caller, model);
  const files = (await listModelFiles(uuid)).filter((f) => !f.folder && mayReadFile(caller, model, f));
  if (files.length === 0)
    throw new UnprocessableError('There are no files you may download in this model entry.');
  const key = downloadObjectKey(uuid, ulid(now));
  await writeZip(key, files);
  await writeAudit(
    {
      modelUuid: uuid,
      action: 'FILES_DOWNLOADED_ALL',
      actor: caller.id,
      detail: `${files.length} ${files.length === 1 ? 'file' : 'files'}`,
    },
    now,
  );
  const fileName = `${model.name.replace(/[^\w .,()+-]+/g, '_').slice(0, 200) || 'model'}.zip`;
  return {
    url: await presignDownload(key, fileName, DOWNLOAD_URL_SECONDS),
    fileName,
    expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

async function writeZip(key: string, files: readonly ModelFileRecord[]): Promise<void> {
  // Pulled by the zip stream one at a time: a body is opened only when the previous entry is written.
  async function* entries(): AsyncGenerator<ZipEntry> {
    const used = new Set<string>();
    for (const file of files) {
      const name = uniqueName(file, used);
      yield {
        name,
        body: await openObject(file.s3Key),
        ...(file.size !== undefined ? { size: file.size } : {}),
      };
    }
  }
  // A failing body or upload fails both: uploadStream destroys the zip stream and aborts the upload.
  await uploadStream(key, zipStream(entries()), 'application/zip');
}

function uniqueName(file: ModelFileRecord, used: Set<string>): string {
  const base = file.path ? `${file.path}/${file.name}` : file.name;
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base} (${i})`;
  used.add(name);
  return name;
}
