import { ModelParamsSchema } from '@shared/schemas/model-api';
import { listFiles } from '../../core/models/model-files';
import { httpHandler } from '../../lib/http';

/** GET /v2/models/{uuid}/files: the file list (folder view). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  handle: async ({ user, params }) => listFiles(user, params.uuid),
});
