import { MESSAGES } from '@shared/messages';
import type { User } from '@shared/schemas/user';
import { writeAudit } from '../../data/audit';
import { presignDownload } from '../../data/file-objects';
import { getModelFile } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';
import { FILE_NOT_READABLE, mayReadFile, theoremMissing } from './file-read-rules';
import { loadModelFor } from './model-access';

/** Presigned download links are valid for 15 minutes. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;

/** On a THEOREM entry the caller's flags must allow downloads: 403 naming the missing accesses. */
export function requireTheoremAccess(user: User, model: ModelRecord): void {
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
  countEvent(BUSINESS_EVENTS.fileDownloaded);
  return {
    url: await presignDownload(file.s3Key, file.name, DOWNLOAD_URL_SECONDS),
    fileName: file.name,
    expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
