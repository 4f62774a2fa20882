import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { User } from '@shared/schemas/user';
import { Zip, ZipDeflate } from 'fflate';
import { ulid } from 'ulid';
import {
  downloadObjectKey,
  listModelFiles,
  type ModelFileRecord,
  openObject,
  presignDownload,
  uploadStream,
} from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { loadModelFor } from './model-access';

/** Presigned download links are valid for 15 minutes. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;
const FILE_NOT_READABLE = 'You do not have access to this file.';

/**
 * The file rule of 000 §6: a file may be downloaded by everyone who may read the entry when the entry
 * is global or the file's cdd is 'No'; with cdd 'Yes' only by users with file access (when the file is
 * not private) and by the file's owner. Super users manage file access and may always download.
 */
export function mayReadFile(user: User, model: ModelRecord, file: ModelFileRecord): boolean {
  if (user.userType === 'SUPERUSER' || file.owner.id === user.id) return true;
  if (model.metadata.global === 'true' || file.cdd === 'No') return true;
  return file.userAccess.includes(user.id) && !file.isPrivate;
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
 *    tells nothing about the file.
 * 3. Answer a presigned GET (≤ 15 min) that saves under the file's name.
 */
export async function downloadFile(
  caller: User,
  uuid: string,
  fileUuid: string,
  now = Date.now(),
): Promise<DownloadLink> {
  const model = await loadModelFor('folderView', uuid, caller);
  const file = (await listModelFiles(uuid)).find((f) => f.uuid === fileUuid && !f.folder);
  if (!file) throw new NotFoundError('File not found.');
  if (!mayReadFile(caller, model, file)) throw new ForbiddenError(FILE_NOT_READABLE);
  return {
    url: await presignDownload(file.s3Key, file.name, DOWNLOAD_URL_SECONDS),
    fileName: file.name,
    expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * All files the caller may read, as one zip.
 * 1. Authorize 'downloadAll' (managers, viewers, super users).
 * 2. Keep the files that pass the file rule; none → 422.
 * 3. Stream each body from S3 through fflate into a multipart upload (lib-storage) at
 *    downloads/<uuid>/<ulid>.zip: memory stays bounded whatever the size.
 * 4. Answer a presigned GET (≤ 15 min) named after the entry.
 */
export async function downloadAll(caller: User, uuid: string, now = Date.now()): Promise<DownloadLink> {
  const model = await loadModelFor('downloadAll', uuid, caller);
  const files = (await listModelFiles(uuid)).filter((f) => !f.folder && mayReadFile(caller, model, f));
  if (files.length === 0)
    throw new UnprocessableError('There are no files you may download in this model entry.');
  const key = downloadObjectKey(uuid, ulid(now));
  await writeZip(key, files);
  const fileName = `${model.name.replace(/[^\w .,()+-]+/g, '_').slice(0, 200) || 'model'}.zip`;
  return {
    url: await presignDownload(key, fileName, DOWNLOAD_URL_SECONDS),
    fileName,
    expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

async function writeZip(key: string, files: readonly ModelFileRecord[]): Promise<void> {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const uploading = uploadStream(key, out, 'application/zip');
  try {
    const used = new Set<string>();
    for (const file of files) {
      const entry = new ZipDeflate(uniqueName(file, used), { level: 6 });
      zip.add(entry);
      for await (const chunk of await openObject(file.s3Key)) {
        entry.push(chunk instanceof Uint8Array ? chunk : Buffer.from(chunk as string));
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  } catch (error) {
    out.destroy(error as Error);
    await uploading.catch(() => undefined);
    throw error;
  }
  await uploading;
}

function uniqueName(file: ModelFileRecord, used: Set<string>): string {
  const base = file.path ? `${file.path}/${file.name}` : file.name;
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base} (${i})`;
  used.add(name);
  return name;
}
