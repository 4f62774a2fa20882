import { ModelParamsSchema } from '@shared/schemas/model-api';
import { getModelDetail, readModel } from '../../core/models/get-model';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}: detail (general information only for preview-only callers). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  prefetch: ({ params }) => readModel(params.uuid),
  handle: async ({ user, params, prefetched }) => getModelDetail(user, params.uuid, prefetched),
});
