import { WsClientMessageSchema } from '@shared/schemas/websocket';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { userOfConnection, wsStatusOf } from '../core/connections/open-connection';
import { pushToConnection } from '../core/connections/push-to-connection';
import { catchUpNotifications } from '../core/notifications/catch-up-notifications';
import { appendLogKeys, logger } from '../lib/observability';

/** `$default`: messages from the browser (`ping`, `catch-up`). Answers go back through `@connections`. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const connectionId = event.requestContext.connectionId;
  const message = WsClientMessageSchema.safeParse(parseJson(event.body));
  if (!message.success) return { statusCode: 400 };
  try {
    const userId = await userOfConnection(connectionId);
    appendLogKeys({ userId });
    if (message.data.action === 'ping') {
      await pushToConnection(connectionId, { type: 'pong' }, userId);
    } else {
      await catchUpNotifications(userId, connectionId, message.data.since);
    }
    return { statusCode: 200 };
  } catch (error) {
    const statusCode = wsStatusOf(error);
    if (statusCode >= 500) logger.error('WebSocket message failed', { error });
    return { statusCode };
  }
};

function parseJson(body: string | undefined): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
