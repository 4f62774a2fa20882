import type { FileHistorySchema } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import type * as z from 'zod/mini';
import { fileHistoryChain, toFileHistory } from './file-versions';
import { loadFileFor } from './load-file';

/**
 * GET .../files/{fileUuid}/history: the bodies of a file through the versions of its entry, newest
 * first (callers who may read it).
 */
export async function getFileHistory(
  caller: User,
  uuid: string,
  fileUuid: string,
): Promise<z.infer<typeof FileHistorySchema>> {
  const { file } = await loadFileFor('read', caller, uuid, fileUuid);
  return toFileHistory(file, await fileHistoryChain(file));
}
