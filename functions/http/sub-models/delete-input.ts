import { InputParamsSchema } from '@shared/schemas/sub-models-api';
import { deleteInputOf } from '../../core/sub-models/inputs';
import { httpHandler } from '../http-handler';

/** DELETE /v2/models/{uuid}/sub-models/{subModelId}/inputs/{inputId} (204). */
export const handler = httpHandler({
  params: InputParamsSchema,
  handle: async ({ user, params }) => {
    await deleteInputOf(user, params.uuid, params.subModelId, params.inputId);
  },
});
