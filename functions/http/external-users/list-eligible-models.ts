import { listEligibleModels } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** GET /v2/external-users/eligible-models: the models the caller may give external users (wizard step 1). */
export const handler = httpHandler({
  handle: async ({ user }) => listEligibleModels(user),
});
