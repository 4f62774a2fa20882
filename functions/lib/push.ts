import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { WsServerMessage } from '@shared/schemas/websocket';
import { deleteConnection, listUserConnectionIds } from '../data/connections';
import { env } from './env';
import { logger } from './logger';

/** `@connections` client of the WebSocket stage (locally: the gateway), created once and reused. */
let managementClient: ApiGatewayManagementApiClient | undefined;
const wsManagement = () => {
  managementClient ??= new ApiGatewayManagementApiClient({ endpoint: env.wsCallbackUrl });
  return managementClient;
};

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
    await wsManagement().send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode(JSON.stringify(message)),
      }),
    );
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
  if (error instanceof GoneException) return true;
  // The local gateway answers 410 too; the SDK may then raise a generic service exception.
  const meta = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata;
  return meta?.httpStatusCode === 410 || (error as { name?: string } | undefined)?.name === 'GoneException';
}
