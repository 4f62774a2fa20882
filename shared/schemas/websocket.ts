import * as z from 'zod/mini';
import {
  ArchiveFailedMessageSchema,
  ArchiveProgressMessageSchema,
  ArchiveReadyMessageSchema,
} from './download-archive';
import { ExecutionStatusMessageSchema } from './execution-status-message';
import { NotificationSchema } from './notification';

/** Messages the browser sends on the WebSocket ($default route). */
export const WsClientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping') }),
  /** After a reconnect: send me what I missed since this instant. */
  z.object({ action: z.literal('catch-up'), since: z.iso.datetime({ offset: true }) }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessageSchema>;

/**
 * Messages the server pushes through `@connections`: notifications, the progress of a "Download
 * all" archive to the user who requested it (shared/schemas/download-archive.ts), and the status
 * changes of executions (shared/schemas/execution-status-message.ts).
 */
export const WsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('notification'), notification: NotificationSchema }),
  ArchiveProgressMessageSchema,
  ArchiveReadyMessageSchema,
  ArchiveFailedMessageSchema,
  ExecutionStatusMessageSchema,
]);
export type WsServerMessage = z.infer<typeof WsServerMessageSchema>;
