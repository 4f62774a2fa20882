import { CreateInstanceBodySchema, SubModelInstancesParamsSchema } from '@shared/schemas/instance-api';
import { createInstance } from '../../core/instances/create-instance';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/sub-models/{subModelId}/instances: a new DRAFT instance (201). */
export const handler = httpHandler({
  params: SubModelInstancesParamsSchema,
  body: CreateInstanceBodySchema,
  handle: async ({ user, params, body }) =>
    respond(201, await createInstance(user, params.uuid, params.subModelId, body)),
});
