import { FILE_OWNER_MESSAGES } from '@shared/rules/file-permissions';
import type { User } from '@shared/schemas/user';
import { getModelFile, type ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { FILE_NOT_READABLE, mayReadFile } from '../models/file-read-rules';
import { isModelManager, loadModelFor, loadVisibleModel } from '../models/model-access';
import { mayManageFile } from './caller-access';
import { FILE_MANAGER_MESSAGES } from './file-messages';

export type FileNeed = 'read' | 'manage';

const REFUSALS: Record<FileNeed, string> = {
  read: FILE_NOT_READABLE,
  manage: FILE_MANAGER_MESSAGES.notManageable,
};

/**
 * Loads an entry and one of its files for a caller who needs to read or manage the file.
 * 1. The caller may see the entry (404 otherwise). Reading needs folder view as well (403); managing
 *    does not: the file's owner manages it even without a role that shows the file list (the owner is
 *    mailed file access requests).
 * 2. Super users and managers of the entry learn that a file does not exist (404), and a manager who
 *    may not manage a file (only its owner and super users do) learns why; anyone else gets the same
 *    fixed 403 for a missing file as for a file they may not read or manage, so the answer tells
 *    nothing about the file.
 */
export async function loadFileFor(
  need: FileNeed,
  caller: User,
  uuid: string,
  fileUuid: string,
): Promise<{ model: ModelRecord; file: ModelFileRecord }> {
  const model =
    need === 'read' ? await loadModelFor('folderView', uuid, caller) : await loadVisibleModel(uuid, caller);
  const found = await getModelFile(uuid, fileUuid);
  const file = found && !found.folder ? found : undefined;
  const allowed = (f: ModelFileRecord) =>
    need === 'read' ? mayReadFile(caller, model, f) : mayManageFile(caller, model, f);
  if (file && allowed(file)) return { model, file };
  const manager = caller.userType === 'SUPERUSER' || isModelManager(caller, model);
  if (!file && manager) throw new NotFoundError(FILE_MANAGER_MESSAGES.fileNotFound);
  // A manager sees the file in the list anyway, so the refusal may say who controls it.
  if (file && manager && need === 'manage') throw new ForbiddenError(FILE_OWNER_MESSAGES.access);
  throw new ForbiddenError(REFUSALS[need]);
}
