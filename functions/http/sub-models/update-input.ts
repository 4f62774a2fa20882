import { InputParamsSchema, UpdateInputBodySchema } from '@shared/schemas/sub-models-api';
import { updateInputOf } from '../../core/sub-models/inputs';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId}: save a definition (invalid templates too). */
export const handler = httpHandler({
  params: InputParamsSchema,
  body: UpdateInputBodySchema,
  handle: async ({ user, params, body }) =>
    updateInputOf(user, params.uuid, params.subModelId, params.inputId, body),
});
