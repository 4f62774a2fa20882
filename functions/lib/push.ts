import type { WsServerMessage } from '@shared/schemas/websocket';
import { deleteConnection, listUserConnectionIds } from '../data/connections';
import { AwsRequestError, awsSend, drain, escapeUri } from './aws-rest';
import { env } from './env';
import { logger } from './logger';

/**
 * PostToConnection on the WebSocket stage's `@connections` API (locally: the gateway's), a signed
 * `POST <callback URL>/@connections/<id>` through lib/aws-rest.ts, which says why not the SDK client.
 */
async function postToConnection(connectionId: string, message: WsServerMessage): Promise<void> {
  const callback = new URL(env.wsCallbackUrl);
  const stagePath = callback.pathname.replace(/\/$/, '');
  await drain(
    await awsSend({
      service: 'execute-api',
      method: 'POST',
      endpoint: callback.origin,
      path: `${stagePath}/@connections/${escapeUri(connectionId)}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    }),
  );
}

/**
 * Sends a message to one WebSocket connection. A connection that API Gateway reports as gone is
 * deleted. Returns whether the message was delivered; other failures are logged, not thrown, because
 * a push is always a side effect of something that already succeeded.
 */
export async function pushToConnection(
  connectionId: string,
  message: WsServerMessage,
  userId?: string,
): Promise<boolean> {
  try {
    await postToConnection(connectionId, message);
    return true;
  } catch (error) {
    if (isGone(error)) {
      await deleteConnection(connectionId, userId).catch((e) =>
        logger.warn('Could not delete a stale connection', { connectionId, error: e }),
      );
      return false;
    }
    logger.warn('Push to a connection failed', { connectionId, error });
    return false;
  }
}

/** Sends a message to every open connection of a user; returns how many received it. */
export async function pushToUser(userId: string, message: WsServerMessage): Promise<number> {
  const ids = await listUserConnectionIds(userId);
  const results = await Promise.all(ids.map((id) => pushToConnection(id, message, userId)));
  return results.filter(Boolean).length;
}

function isGone(error: unknown): boolean {
  return error instanceof AwsRequestError && (error.status === 410 || error.code === 'GoneException');
}
