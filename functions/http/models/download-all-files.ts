import { DownloadBodySchema, ModelParamsSchema } from '@shared/schemas/model-api';
import { downloadAll } from '../../core/models/download-files';
import { httpHandler } from '../../lib/http';

/** POST /v2/models/{uuid}/download-all: a zip of the files the caller may read. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: DownloadBodySchema,
  handle: async ({ user, params }) => downloadAll(user, params.uuid),
});
