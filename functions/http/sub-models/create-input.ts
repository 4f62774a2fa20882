import { CreateInputBodySchema, SubModelParamsSchema } from '@shared/schemas/sub-models-api';
import { createInputOf } from '../../core/sub-models/inputs';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/sub-models/{subModelId}/inputs: add an input definition (201). */
export const handler = httpHandler({
  params: SubModelParamsSchema,
  body: CreateInputBodySchema,
  handle: async ({ user, params, body }) =>
    respond(201, await createInputOf(user, params.uuid, params.subModelId, body)),
});
