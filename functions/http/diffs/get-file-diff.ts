import { FileDiffParamsSchema } from '@shared/schemas/compare';
import { getFileDiff } from '../../core/compare/file-diff';
import { httpHandler } from '../http-handler';
import { diffAnswer } from './pending-answer';

/**
 * GET /v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}: a text file's hunks, or a
 * workbook diff's overview (202 while it is computed).
 */
export const handler = httpHandler({
  params: FileDiffParamsSchema,
  handle: async ({ user, params }) => diffAnswer(await getFileDiff(user, params)),
});
