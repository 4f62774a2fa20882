import { FileChangeSetBodySchema } from '@shared/schemas/collaboration';
import { ModelParamsSchema } from '@shared/schemas/model-api';
import { updateFiles } from '../../core/files/update-files';
import { httpHandler } from '../http-handler';

/** PATCH /v2/models/{uuid}/files: one file manager save, all or nothing. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: FileChangeSetBodySchema,
  handle: async ({ user, params, body }) => updateFiles(user, params.uuid, body),
});
