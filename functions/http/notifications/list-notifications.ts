import { ListNotificationsQuerySchema } from '@shared/schemas/notification';
import { listNotifications } from '../../core/notifications/list-notifications';
import { httpHandler } from '../http-handler';

/** GET /v2/notifications?limit=N (default 3, at most 100). */
export const handler = httpHandler({
  query: ListNotificationsQuerySchema,
  handle: async ({ user, query }) => listNotifications(user.id, query.limit),
});
