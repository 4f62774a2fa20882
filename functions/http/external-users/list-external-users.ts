import { ExternalUserListQuerySchema } from '@shared/schemas/external-user';
import { listExternalUsersFor } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** GET /v2/external-users: both list variants of the external users (externalizationTabEnabled). */
export const handler = httpHandler({
  query: ExternalUserListQuerySchema,
  handle: async ({ user, query }) => listExternalUsersFor(user, query),
});
