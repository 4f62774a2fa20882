import { ModelParamsSchema } from '@shared/schemas/model-api';
import { CreateSubModelBodySchema } from '@shared/schemas/sub-models-api';
import { createSubModel } from '../../core/sub-models/create-sub-model';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/sub-models: add a sub-model with its input definition (201). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: CreateSubModelBodySchema,
  handle: async ({ user, params, body }) => respond(201, await createSubModel(user, params.uuid, body)),
});
