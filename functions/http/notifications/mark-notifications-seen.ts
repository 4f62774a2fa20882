import { NoBodySchema } from '@shared/schemas/input';
import { markNotificationsSeen } from '../../core/notifications/mark-notifications-seen';
import { httpHandler } from '../http-handler';

/** POST /v2/notifications/seen (no body, or {}) → 204. */
export const handler = httpHandler({
  body: NoBodySchema,
  handle: async ({ user }) => {
    await markNotificationsSeen(user.id);
  },
});
