import { ClearNotificationsBodySchema } from '@shared/schemas/notification';
import { clearNotifications } from '../../core/notifications/clear-notifications';
import { httpHandler } from '../http-handler';

/** POST /v2/notifications/clear {ids} → 204. */
export const handler = httpHandler({
  body: ClearNotificationsBodySchema,
  handle: async ({ user, body }) => {
    await clearNotifications(user.id, body.ids);
  },
});
