import type { CurrentUser } from '@shared/schemas/user';
import { callerPermissionFlags } from '../../core/admin/authorize';
import { httpHandler } from '../http-handler';

/**
 * GET /v2/users/me: the signed-in user with the permission flags the shell needs. Read fresh, not
 * from the caller cache: the web app asks on every load, so a reload shows a changed user type at once.
 */
export const handler = httpHandler({
  freshCaller: true,
  handle: async ({ user }): Promise<CurrentUser> => ({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userType: user.userType,
    ...(user.externalUserType ? { externalUserType: user.externalUserType } : {}),
    permissions: await callerPermissionFlags(user),
  }),
});
