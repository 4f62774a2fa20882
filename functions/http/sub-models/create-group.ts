import { ModelParamsSchema } from '@shared/schemas/model-api';
import { CreateGroupBodySchema } from '@shared/schemas/sub-models-api';
import { createGroupOf } from '../../core/sub-models/groups';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/groups: create a scenario group (201). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: CreateGroupBodySchema,
  handle: async ({ user, params, body }) => respond(201, await createGroupOf(user, params.uuid, body)),
});
