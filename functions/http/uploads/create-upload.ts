import { CreateUploadBodySchema } from '@shared/schemas/model-api';
import { createUpload } from '../../core/files/create-upload';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/uploads: presigned PUT URLs (≤ 15 min) for new files (201). */
export const handler = httpHandler({
  body: CreateUploadBodySchema,
  handle: async ({ user, body }) => respond(201, await createUpload(user, body)),
});
