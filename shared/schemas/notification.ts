import * as z from 'zod/mini';

/** What 'Notify Model Users ?' may announce (000 §4). */
export const UserNotificationActionSchema = z.enum(['NEW_MODEL_VERSION', 'FILES_MODIFIED']);
/**
 * Every notification's action; ACCESS_REQUESTED is made by the server alone, for an access request
 * whose e-mail could not be sent (core/access/deliver-access-request.ts).
 */
export const NotificationActionSchema = z.enum(['NEW_MODEL_VERSION', 'FILES_MODIFIED', 'ACCESS_REQUESTED']);
export type NotificationAction = z.infer<typeof NotificationActionSchema>;

export const NotificationCreatorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type NotificationCreator = z.infer<typeof NotificationCreatorSchema>;

/** A notification as delivered to one recipient (000 §3). */
export const NotificationSchema = z.object({
  notificationId: z.string(),
  createdBy: NotificationCreatorSchema,
  createdOn: z.string(),
  userNote: z.string(),
  notificationAction: NotificationActionSchema,
  modelUuid: z.string(),
  modelName: z.optional(z.string()),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListItemSchema = z.extend(NotificationSchema, {
  /** True when created before the caller last opened the bell menu. */
  seen: z.boolean(),
});
export type NotificationListItem = z.infer<typeof NotificationListItemSchema>;

export const NOTIFICATION_LIST_DEFAULT = 3;
export const NOTIFICATION_LIST_MAX = 100;

export const ListNotificationsQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(NOTIFICATION_LIST_MAX)),
    NOTIFICATION_LIST_DEFAULT,
  ),
});

/** GET /v2/notifications: newest first. */
export const NotificationListSchema = z.object({
  items: z.array(NotificationListItemSchema),
  unseenCount: z.int().check(z.gte(0)),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** Ids are ULIDs (sortable by creation time). */
export const NotificationIdSchema = z
  .string()
  .check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a notification id'));

export const ClearNotificationsBodySchema = z.object({
  ids: z.array(NotificationIdSchema).check(z.minLength(1), z.maxLength(100)),
});
export type ClearNotificationsBody = z.infer<typeof ClearNotificationsBodySchema>;
