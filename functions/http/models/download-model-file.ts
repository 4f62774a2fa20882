import { DownloadBodySchema, ModelFileParamsSchema } from '@shared/schemas/model-api';
import { downloadFile } from '../../core/models/download-files';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/files/{fileUuid}/download: a presigned link (legal notice acknowledged). */
export const handler = httpHandler({
  params: ModelFileParamsSchema,
  body: DownloadBodySchema,
  handle: async ({ user, params }) => downloadFile(user, params.uuid, params.fileUuid),
});
