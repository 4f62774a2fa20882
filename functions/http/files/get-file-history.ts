import { ModelFileParamsSchema } from '@shared/schemas/model-api';
import { getFileHistory } from '../../core/files/file-history';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/files/{fileUuid}/history: the bodies of a file, newest first. */
export const handler = httpHandler({
  params: ModelFileParamsSchema,
  handle: async ({ user, params }) => getFileHistory(user, params.uuid, params.fileUuid),
});
