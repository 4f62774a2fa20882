import { FileAccessRequestBodySchema } from '@shared/schemas/collaboration';
import { ModelFileParamsSchema } from '@shared/schemas/model-api';
import { requestFileAccess } from '../../core/files/request-file-access';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/files/{fileUuid}/access-requests: ask the file owner and the managers. */
export const handler = httpHandler({
  params: ModelFileParamsSchema,
  body: FileAccessRequestBodySchema,
  handle: async ({ user, params, body }) => requestFileAccess(user, params.uuid, params.fileUuid, body),
});
