import { CreateModelBodySchema } from '@shared/schemas/model-api';
import { createModel } from '../../core/models/create-model';
import { toModelDetail } from '../../core/models/model-detail';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models: create an entry (201 with its detail). */
export const handler = httpHandler({
  body: CreateModelBodySchema,
  handle: async ({ user, body }) => respond(201, await toModelDetail(await createModel(user, body), user)),
});
