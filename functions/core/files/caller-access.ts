import type { CallerFileList, CallerFileNode, FileCallerAccess } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { mayDownloadFile } from '../models/file-read-rules';
import { isModelManager } from '../models/model-access';
import { byPathAndName, toFileNode } from './file-nodes';
import { versionCountOf } from './file-versions';

/**
 * 'Manage File Access' (share, stop sharing, transfer ownership, answer a file grant link): the file's
 * owner, a manager of the entry (lead, steward, owners) and super users (shared/schemas/collaboration.ts).
 */
export function mayManageFile(user: User, model: ModelRecord, file: ModelFileRecord): boolean {
  return user.userType === 'SUPERUSER' || file.owner.id === user.id || isModelManager(user, model);
}

/**
 * What the caller may do with one file:
 * - download: the file rule of 000 §6 and, on THEOREM entries, the caller's THEOREM flags;
 * - requestAccess: an internal user who may not download a file they do not own ('Request Access');
 * - manage: mayManageFile.
 */
export function fileCallerAccess(user: User, model: ModelRecord, file: ModelFileRecord): FileCallerAccess {
  const download = mayDownloadFile(user, model, file);
  return {
    download,
    requestAccess: !download && user.userType === 'INTERNALUSER' && file.owner.id !== user.id,
    manage: mayManageFile(user, model, file),
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
