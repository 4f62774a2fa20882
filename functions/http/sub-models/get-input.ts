import { InputParamsSchema } from '@shared/schemas/sub-models-api';
import { getInputOf } from '../../core/sub-models/inputs';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}: one input definition with its verdict. */
export const handler = httpHandler({
  params: InputParamsSchema,
  handle: async ({ user, params }) => getInputOf(user, params.uuid, params.subModelId, params.inputId),
});
