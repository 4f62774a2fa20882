import { ModelParamsSchema, PublishBodySchema } from '@shared/schemas/model-api';
import { toModelDetail } from '../../core/models/model-detail';
import { publishModel } from '../../core/models/publish-model';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/publish: 422 with the blocking issues when refused. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: PublishBodySchema,
  handle: async ({ user, params, body }) =>
    toModelDetail(await publishModel(user, params.uuid, body?.rev), user),
});
