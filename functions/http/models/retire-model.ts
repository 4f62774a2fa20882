import { ModelParamsSchema, RetireBodySchema } from '@shared/schemas/model-api';
import { toModelDetail } from '../../core/models/model-detail';
import { retireModel } from '../../core/models/retire-model';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/retire: retire a published entry with a reason (files too). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: RetireBodySchema,
  handle: async ({ user, params, body }) => toModelDetail(await retireModel(user, params.uuid, body), user),
});
