import { ModelParamsSchema } from '@shared/schemas/model-api';
import { listCallerFiles } from '../../core/files/list-files';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/files: the file list with the caller's access to each file (folder view). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  handle: async ({ user, params }) => listCallerFiles(user, params.uuid),
});
