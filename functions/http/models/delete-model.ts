import { DeleteModelQuerySchema, ModelParamsSchema } from '@shared/schemas/model-api';
import { deleteModel } from '../../core/models/delete-model';
import { httpHandler } from '../http-handler';

/** DELETE /v2/models/{uuid}[?rev=N]: delete a draft permanently (204). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  query: DeleteModelQuerySchema,
  handle: async ({ user, params, query }) => {
    await deleteModel(user, params.uuid, query.rev);
  },
});
