import { AdminUserParamsSchema } from '@shared/schemas/admin-users';
import { getAdminUser } from '../../core/admin/manage-users';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/users/{id}: one user for the detail and edit pages (administrators; 404 'User not found'). */
export const handler = httpHandler({
  params: AdminUserParamsSchema,
  handle: async ({ user, params }) => getAdminUser(user, params.id),
});
