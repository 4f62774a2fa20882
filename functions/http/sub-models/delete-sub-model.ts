import { SubModelParamsSchema } from '@shared/schemas/sub-models-api';
import { deleteSubModelOf } from '../../core/sub-models/delete-sub-model';
import { httpHandler } from '../http-handler';

/** DELETE /v2/models/{uuid}/sub-models/{subModelId}: delete it with its inputs, groups and instances (204). */
export const handler = httpHandler({
  params: SubModelParamsSchema,
  handle: async ({ user, params }) => {
    await deleteSubModelOf(user, params.uuid, params.subModelId);
  },
});
