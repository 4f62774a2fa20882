import { ModelParamsSchema, UpdateModelBodySchema } from '@shared/schemas/model-api';
import { toModelDetail } from '../../core/models/model-detail';
import { updateModel } from '../../core/models/update-model';
import { httpHandler } from '../http-handler';

/** PATCH /v2/models/{uuid}: metadata and suffix (and so the name), conditional on rev. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: UpdateModelBodySchema,
  handle: async ({ user, params, body }) => toModelDetail(await updateModel(user, params.uuid, body), user),
});
