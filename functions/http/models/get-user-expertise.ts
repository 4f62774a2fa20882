import { ExpertiseParamsSchema } from '@shared/schemas/model-api';
import { getUserExpertise } from '../../core/models/user-expertise';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/expertise/{userId}: User Settings (WebModel 2.0 entries only). */
export const handler = httpHandler({
  params: ExpertiseParamsSchema,
  handle: async ({ user, params }) => getUserExpertise(user, params.uuid, params.userId),
});
