import type { User } from '@shared/schemas/user';
import type { FilesHistory } from '@shared/schemas/versions-api';
import { notYet } from './not-yet';

export async function listFilesHistory(
  _caller: User,
  _uuid: string,
  _files: readonly string[],
): Promise<FilesHistory> {
  throw notYet();
}
