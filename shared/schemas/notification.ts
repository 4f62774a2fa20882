import * as z from 'zod';

export const NotificationActionSchema = z.enum(['NEW_MODEL_VERSION', 'FILES_MODIFIED']);
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
  modelName: z.string().optional(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListItemSchema = NotificationSchema.extend({
  /** True when created before the caller last opened the bell menu. */
  seen: z.boolean(),
});
export type NotificationListItem = z.infer<typeof NotificationListItemSchema>;

export const NOTIFICATION_LIST_DEFAULT = 3;
export const NOTIFICATION_LIST_MAX = 100;

export const ListNotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(NOTIFICATION_LIST_DEFAULT),
});

/** GET /v2/notifications: newest first. */
export const NotificationListSchema = z.object({
  items: z.array(NotificationListItemSchema),
  unseenCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** Ids are ULIDs (sortable by creation time). */
export const NotificationIdSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a notification id');

export const ClearNotificationsBodySchema = z.object({
  ids: z.array(NotificationIdSchema).min(1).max(100),
});
export type ClearNotificationsBody = z.infer<typeof ClearNotificationsBodySchema>;
