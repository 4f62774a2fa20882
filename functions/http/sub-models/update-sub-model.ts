import { SubModelParamsSchema, UpdateSubModelBodySchema } from '@shared/schemas/sub-models-api';
import { updateSubModelOf } from '../../core/sub-models/update-sub-model';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/sub-models/{subModelId}: edit a sub-model (optionally outdating its instances). */
export const handler = httpHandler({
  params: SubModelParamsSchema,
  body: UpdateSubModelBodySchema,
  handle: async ({ user, params, body }) => updateSubModelOf(user, params.uuid, params.subModelId, body),
});
