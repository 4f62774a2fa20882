import { ModelParamsSchema } from '@shared/schemas/model-api';
import { FilesHistoryQuerySchema } from '@shared/schemas/versions-api';
import { listFilesHistory } from '../../core/versions/files-history';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/files/history?files=a,b: history entries of the files, newest first. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  query: FilesHistoryQuerySchema,
  handle: async ({ user, params, query }) => listFilesHistory(user, params.uuid, query.files ?? []),
});
