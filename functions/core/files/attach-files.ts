import type { CallerFileList } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import type { UploadedFileRef } from '../uploads/take-uploaded-files';
import { updateFiles } from './update-files';

/**
 * Attaches uploaded files to an existing entry (POST .../files: the wizard and 'Files' editing). The
 * same save as the file manager's (core/files/update-files.ts) with uploads only: 'edit', `rev`, the
 * published-entry rules, one transaction with its audit record; a file with the path and name of an
 * existing one replaces its body and keeps its uuid and history.
 */
export function attachFiles(
  caller: User,
  uuid: string,
  input: { uploadId: string; files: UploadedFileRef[]; rev?: number },
  now = new Date(),
): Promise<CallerFileList> {
  return updateFiles(
    caller,
    uuid,
    {
      ...(input.rev !== undefined ? { rev: input.rev } : {}),
      uploadId: input.uploadId,
      folders: [],
      add: input.files,
      remove: [],
      update: [],
      clone: [],
    },
    now,
  );
}
