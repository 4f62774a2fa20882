import type { WsServerMessage } from '@shared/schemas/websocket';
import { deleteConnection } from '../../data/connections';
import { logger } from '../../lib/observability';
import { postToConnection } from '../../lib/push';

/**
 * Sends a message to one WebSocket connection and returns whether it was delivered.
 * 1. Post it through the stage's `@connections` API.
 * 2. A connection that API Gateway reports as gone is deleted (`userId` saves a read).
 * 3. Other failures are logged, not thrown: a push is always a side effect of something that
 *    already succeeded.
 */
export async function pushToConnection(
  connectionId: string,
  message: WsServerMessage,
  userId?: string,
): Promise<boolean> {
  try {
    if ((await postToConnection(connectionId, message)) === 'sent') return true;
    await deleteConnection(connectionId, userId).catch((error: unknown) =>
      logger.warn('Could not delete a stale connection', { connectionId, error }),
    );
    return false;
  } catch (error) {
    logger.warn('Push to a connection failed', { connectionId, error });
    return false;
  }
}
