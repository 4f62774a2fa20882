import { ArchiveParamsSchema } from '@shared/schemas/download-archive';
import { getDownloadArchive } from '../../core/models/download-archive';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/archives/{archiveId}: a "Download all" job; its presigned GET once READY. */
export const handler = httpHandler({
  params: ArchiveParamsSchema,
  handle: async ({ user, params }) => getDownloadArchive(user, params.uuid, params.archiveId),
});
