import { AttachFilesBodySchema, ModelParamsSchema } from '@shared/schemas/model-api';
import { attachFiles } from '../../core/files/attach-files';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/files: attach uploaded files to an entry. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: AttachFilesBodySchema,
  handle: async ({ user, params, body }) => attachFiles(user, params.uuid, body),
});
