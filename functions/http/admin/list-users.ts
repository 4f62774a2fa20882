import { AdminUserListQuerySchema } from '@shared/schemas/admin-users';
import { listAdminUsers, readInternalUsers } from '../../core/admin/list-users';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/users: the internal user list, searched, sorted and paged (administrators). */
export const handler = httpHandler({
  query: AdminUserListQuerySchema,
  // The list (its version read) overlaps the caller's lookup; listAdminUsers still authorizes first.
  prefetch: readInternalUsers,
  handle: async ({ user, query, prefetched }) => listAdminUsers(user, query, Promise.resolve(prefetched)),
});
