import { SubModelParamsSchema } from '@shared/schemas/sub-models-api';
import { getSubModelOf } from '../../core/sub-models/get-sub-model';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/sub-models/{subModelId}: one sub-model with the caller's permissions. */
export const handler = httpHandler({
  params: SubModelParamsSchema,
  handle: async ({ user, params }) => getSubModelOf(user, params.uuid, params.subModelId),
});
