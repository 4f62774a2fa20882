import { markNotificationsSeen } from '../../core/notifications/mark-notifications-seen';
import { httpHandler } from '../http-handler';

/** POST /v2/notifications/seen → 204. */
export const handler = httpHandler({
  handle: async ({ user }) => {
    await markNotificationsSeen(user.id);
  },
});
