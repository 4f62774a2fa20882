import { AdminUserParamsSchema, UpdateAdminUserBodySchema } from '@shared/schemas/admin-users';
import { updateAdminUser } from '../../core/admin/manage-users';
import { httpHandler } from '../http-handler';

/** PATCH /v2/admin/users/{id}: user type and/or active (the matching flags; never oneself). */
export const handler = httpHandler({
  params: AdminUserParamsSchema,
  body: UpdateAdminUserBodySchema,
  handle: async ({ user, params, body }) => updateAdminUser(user, params.id, body),
});
