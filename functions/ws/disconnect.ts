import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { closeConnection } from '../core/connections/open-connection';
import { logger } from '../lib/observability';

/** `$disconnect`: best effort (the client is gone anyway); the TTL cleans up whatever is left. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  try {
    await closeConnection(event.requestContext.connectionId);
  } catch (error) {
    logger.warn('WebSocket disconnect cleanup failed', { error });
  }
  return { statusCode: 200 };
};
