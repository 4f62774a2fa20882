import { MESSAGES } from '@shared/messages';
import type { User } from '@shared/schemas/user';
import { writeAudit } from '../../data/audit';
import { presignDownload } from '../../data/file-objects';
import { getModelFile } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';
import { recordUsage } from '../usage/record-usage';
import { entryFilesDecision, fileDownloadDecision, theoremMissing } from './file-read-rules';
import { loadVisibleModel } from './model-access';

/** Presigned download links are valid for 15 minutes. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;

/**
 * On a THEOREM entry the caller's flags must allow downloads (managers and super users need none):
 * 403 naming the missing accesses.
 */
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
 * 1. The caller may at least preview the entry (404 otherwise) and open its files (403).
 * 2. The file must be one of this entry's (404) and pass the download decision that the file list and
 *    'Request Access' use too (fileDownloadDecision): 403 with its message (no access to the entry's
 *    files; the missing THEOREM accesses; one fixed text that tells nothing about the file).
 * 3. Write the audit record FILE_DOWNLOADED, then answer a presigned GET (≤ 15 min) that saves under
 *    the file's name: no link is ever issued without its record.
 */
export async function downloadFile(
  caller: User,
  uuid: string,
  fileUuid: string,
  now = Date.now(),
): Promise<DownloadLink> {
  const model = await loadVisibleModel(uuid, caller);
  // Refused before the file is read, so that the answer tells nothing about which files exist.
  const entry = entryFilesDecision(caller, model);
  if (!entry.allowed) throw new ForbiddenError(entry.message);
  const file = await getModelFile(uuid, fileUuid);
  if (!file || file.folder) throw new NotFoundError('File not found.');
  const decision = fileDownloadDecision(caller, model, file);
  if (!decision.allowed) throw new ForbiddenError(decision.message);
  await writeAudit(
    { modelUuid: uuid, action: 'FILE_DOWNLOADED', actor: caller.id, fileUuid, fileName: file.name },
    now,
  );
  countEvent(BUSINESS_EVENTS.fileDownloaded);
  await recordUsage(uuid, 'downloads', 1, now);
  return {
    url: await presignDownload(file.s3Key, file.name, DOWNLOAD_URL_SECONDS),
    fileName: file.name,
    expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
