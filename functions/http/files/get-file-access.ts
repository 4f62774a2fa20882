import { ModelFileParamsSchema } from '@shared/schemas/model-api';
import { getFileAccess } from '../../core/files/file-access';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/files/{fileUuid}/access: owner, users shared with, candidates. */
export const handler = httpHandler({
  params: ModelFileParamsSchema,
  handle: async ({ user, params }) => getFileAccess(user, params.uuid, params.fileUuid),
});
