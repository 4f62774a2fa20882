import { ModelParamsSchema, RevBodySchema } from '@shared/schemas/model-api';
import * as z from 'zod/mini';
import { toModelDetail } from '../../core/models/model-detail';
import { publishModel } from '../../core/models/publish-model';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/publish: 422 with the blocking issues when refused. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: z.optional(RevBodySchema),
  handle: async ({ user, params, body }) =>
    toModelDetail(await publishModel(user, params.uuid, body?.rev), user),
});
