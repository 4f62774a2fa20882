import { mayControlFile } from '@shared/rules/file-permissions';
import type { CallerFileList, CallerFileNode, FileCallerAccess } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { fileDownloadDecision } from '../models/file-read-rules';
import { byPathAndName, toFileNode } from './file-nodes';
import { versionCountOf } from './file-versions';

/**
 * 'Manage File Access' (share, stop sharing, transfer ownership, answer a file grant link) and the
 * file's cdd and private flags: the file's owner and super users only (shared/rules/file-permissions.ts);
 * the entry's managers edit everything else about the file.
 */
export function mayManageFile(user: User, _model: ModelRecord, file: ModelFileRecord): boolean {
  return mayControlFile(user, file);
}

/**
 * What the caller may do with one file, from the download decision the download route takes too
 * (fileDownloadDecision), so the list never offers what the server then refuses:
 * - download: the decision allows it; otherwise `reason` says why, in the words the download answers;
 * - requestAccess: an internal user refused by the file rule alone ('Request Access'): sharing the
 *   file is what helps. Missing THEOREM flags or entry access are not the file owner's to give;
 * - manage: mayManageFile.
 */
export function fileCallerAccess(user: User, model: ModelRecord, file: ModelFileRecord): FileCallerAccess {
  const decision = fileDownloadDecision(user, model, file);
  const manage = mayManageFile(user, model, file);
  if (decision.allowed) return { download: true, requestAccess: false, manage };
  return {
    download: false,
    requestAccess: decision.refusal === 'file' && user.userType === 'INTERNALUSER',
    manage,
    reason: decision.message,
    refusal: decision.refusal,
  };
}

/** A node with the caller's access and the number of earlier bodies (files only, not folders). */
export function toCallerFileNode(user: User, model: ModelRecord, file: ModelFileRecord): CallerFileNode {
  const node = toFileNode(file);
  if (file.folder) return node;
  return { ...node, callerAccess: fileCallerAccess(user, model, file), versionCount: versionCountOf(file) };
}

export function callerFileList(
  user: User,
  model: ModelRecord,
  files: readonly ModelFileRecord[],
): CallerFileList {
  return { items: [...files].sort(byPathAndName).map((f) => toCallerFileNode(user, model, f)) };
}
