import { ModelParamsSchema } from '@shared/schemas/model-api';
import { getModelDetail } from '../../core/models/get-model';
import { httpHandler } from '../../lib/http';

/** GET /v2/models/{uuid}: detail (general information only for preview-only callers). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  handle: async ({ user, params }) => getModelDetail(user, params.uuid),
});
