import { ModelAccessRequestBodySchema } from '@shared/schemas/collaboration';
import { ModelParamsSchema } from '@shared/schemas/model-api';
import { requestModelAccess } from '../../core/access/request-model-access';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/access-requests → {recipients}: mails the managers with grant links. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: ModelAccessRequestBodySchema,
  handle: async ({ user, params, body }) => requestModelAccess(user, params.uuid, body),
});
