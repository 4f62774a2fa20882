import type { CallerFileList } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import { listModelFiles } from '../../data/model-files';
import { loadModelFor } from '../models/model-access';
import { callerFileList } from './caller-access';

/** GET /v2/models/{uuid}/files: the file list with the caller's access to each file (folder view). */
export async function listCallerFiles(caller: User, uuid: string): Promise<CallerFileList> {
  const model = await loadModelFor('folderView', uuid, caller);
  return callerFileList(caller, model, await listModelFiles(uuid));
}
