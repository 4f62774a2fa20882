import type {
  CreateNotificationBodySchema,
  CreateNotificationResultSchema,
} from '@shared/schemas/collaboration';
import type * as z from 'zod/mini';
import { apiClient } from '../lib/api-client';

export type CreateNotificationBody = z.input<typeof CreateNotificationBodySchema>;
export type CreateNotificationResult = z.infer<typeof CreateNotificationResultSchema>;

/**
 * POST /v2/notifications: 'Notify Model Users ?' (000 §4). The dialog shows its own failure text
 * ('Failed to send email notification'), so global handling is off.
 */
export const createNotification = (body: CreateNotificationBody) =>
  apiClient.call('createNotification', { body, handleErrors: true });
