import * as z from 'zod';
import { NotificationSchema } from './notification';

/** Messages the browser sends on the WebSocket ($default route). */
export const WsClientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping') }),
  /** After a reconnect: send me what I missed since this instant. */
  z.object({ action: z.literal('catch-up'), since: z.iso.datetime({ offset: true }) }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessageSchema>;

/** Messages the server pushes through `@connections`. Later issues add run-status messages. */
export const WsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('notification'), notification: NotificationSchema }),
]);
export type WsServerMessage = z.infer<typeof WsServerMessageSchema>;
