import { TheoremFlagsSchema } from '@shared/schemas/model';
import { ExpertiseParamsSchema } from '@shared/schemas/model-api';
import { setTheoremAccess } from '../../core/files/theorem-access';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/theorem-access/{userId}: a user's four THEOREM flags (super users). */
export const handler = httpHandler({
  params: ExpertiseParamsSchema,
  body: TheoremFlagsSchema,
  handle: async ({ user, params, body }) => setTheoremAccess(user, params.uuid, params.userId, body),
});
