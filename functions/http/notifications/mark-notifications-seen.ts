import { markNotificationsSeen } from '../../core/notifications/mark-notifications-seen';
import { httpHandler } from '../../lib/http';

/** POST /v2/notifications/seen → 204. */
export const handler = httpHandler({
  handle: async ({ user }) => {
    await markNotificationsSeen(user.id);
  },
});
