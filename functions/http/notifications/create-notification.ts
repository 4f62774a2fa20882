import { CreateNotificationBodySchema } from '@shared/schemas/collaboration';
import { createNotification } from '../../core/notifications/create-notification';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/notifications {modelUuid, action, userNote} → 201 {notificationId, recipients}. */
export const handler = httpHandler({
  body: CreateNotificationBodySchema,
  handle: async ({ user, body }) => respond(201, await createNotification(user, body)),
});
