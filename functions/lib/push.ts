import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { WsServerMessage } from '@shared/schemas/websocket';
import { env } from './env';
import { tracer } from './observability';

/**
 * One notification fans out to every open connection of its recipients at once (hundreds of calls):
 * allow that many sockets instead of the SDK's default 50, so calls are not queued behind each other.
 */
const FAN_OUT_SOCKETS = 256;

/** The WebSocket stage's `@connections` client (locally: the gateway's), created once and reused. */
let managementClient: ApiGatewayManagementApiClient | undefined;
const connections = () => {
  managementClient ??= tracer.captureAWSv3Client(
    new ApiGatewayManagementApiClient({
      endpoint: env.wsCallbackUrl,
      requestHandler: {
        httpAgent: new HttpAgent({ keepAlive: true, maxSockets: FAN_OUT_SOCKETS }),
        httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: FAN_OUT_SOCKETS }),
      },
    }),
  );
  return managementClient;
};

/**
 * Posts one message to one WebSocket connection: 'gone' when API Gateway no longer knows the
 * connection (the browser left without $disconnect); any other failure rejects.
 */
export async function postToConnection(
  connectionId: string,
  message: WsServerMessage,
): Promise<'sent' | 'gone'> {
  try {
    await connections().send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode(JSON.stringify(message)),
      }),
    );
    return 'sent';
  } catch (error) {
    if (error instanceof GoneException) return 'gone';
    throw error;
  }
}
