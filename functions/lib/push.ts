import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
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
/**
 * One notification fans out to every open connection of its recipients at once (hundreds of calls):
 * allow that many sockets instead of the SDK's default 50, so calls are not queued behind each other.
 */
const FAN_OUT_SOCKETS = 256;
const wsManagement = () => {
  managementClient ??= new ApiGatewayManagementApiClient({
    endpoint: env.wsCallbackUrl,
    requestHandler: {
      httpAgent: new HttpAgent({ keepAlive: true, maxSockets: FAN_OUT_SOCKETS }),
      httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: FAN_OUT_SOCKETS }),
    },
  });
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
