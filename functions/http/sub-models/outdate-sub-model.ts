import { NoBodySchema } from '@shared/schemas/input';
import { SubModelParamsSchema } from '@shared/schemas/sub-models-api';
import { outdateSubModel } from '../../core/sub-models/outdate-sub-model';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/sub-models/{subModelId}/outdate: mark its instances outdated. */
export const handler = httpHandler({
  params: SubModelParamsSchema,
  body: NoBodySchema,
  handle: async ({ user, params }) => outdateSubModel(user, params.uuid, params.subModelId),
});
