import { ShareModelBodySchema } from '@shared/schemas/collaboration';
import { ModelParamsSchema } from '@shared/schemas/model-api';
import { shareModel } from '../../core/access/share-model';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/share {userIds, message} → {recipients}: one mail per recipient. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: ShareModelBodySchema,
  handle: async ({ user, params, body }) => shareModel(user, params.uuid, body),
});
