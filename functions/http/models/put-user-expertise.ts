import { ExpertiseParamsSchema, UserExpertiseSchema } from '@shared/schemas/model-api';
import { putUserExpertise } from '../../core/models/user-expertise';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/expertise/{userId}: 'Update Settings' (WebModel 2.0 entries only). */
export const handler = httpHandler({
  params: ExpertiseParamsSchema,
  body: UserExpertiseSchema,
  handle: async ({ user, params, body }) => putUserExpertise(user, params.uuid, params.userId, body),
});
