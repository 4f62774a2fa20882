import { DownloadBodySchema, ModelParamsSchema } from '@shared/schemas/model-api';
import { startDownloadArchive } from '../../core/models/download-archive';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/download-all: starts the zip of the files the caller may read (202, the job). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: DownloadBodySchema,
  handle: async ({ user, params }) => respond(202, await startDownloadArchive(user, params.uuid)),
});
