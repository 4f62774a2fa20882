import { FileOwnerBodySchema } from '@shared/schemas/collaboration';
import { ModelFileParamsSchema } from '@shared/schemas/model-api';
import { transferFileOwner } from '../../core/files/file-access';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/files/{fileUuid}/owner: transfer the ownership of a file. */
export const handler = httpHandler({
  params: ModelFileParamsSchema,
  body: FileOwnerBodySchema,
  handle: async ({ user, params, body }) => transferFileOwner(user, params.uuid, params.fileUuid, body),
});
