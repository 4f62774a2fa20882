import { AdminUserListQuerySchema } from '@shared/schemas/admin-users';
import { listAdminUsers } from '../../core/admin/list-users';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/users: the internal user list, searched, sorted and paged (administrators). */
export const handler = httpHandler({
  query: AdminUserListQuerySchema,
  handle: async ({ user, query }) => listAdminUsers(user, query),
});
