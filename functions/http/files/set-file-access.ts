import { FileShareBodySchema } from '@shared/schemas/collaboration';
import { ModelFileParamsSchema } from '@shared/schemas/model-api';
import { setFileAccess } from '../../core/files/file-access';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/files/{fileUuid}/access: grant (ACTIVE) or stop sharing (INACTIVE). */
export const handler = httpHandler({
  params: ModelFileParamsSchema,
  body: FileShareBodySchema,
  handle: async ({ user, params, body }) => setFileAccess(user, params.uuid, params.fileUuid, body),
});
