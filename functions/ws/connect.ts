import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { openConnection, wsStatusOf } from '../core/connections/open-connection';
import { appendLogKeys, logger } from '../lib/observability';

/** `$connect`: any status other than 2xx makes API Gateway refuse the WebSocket upgrade. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  try {
    const userId = await openConnection(
      event.requestContext.connectionId,
      event.queryStringParameters?.token,
    );
    appendLogKeys({ userId });
    return { statusCode: 200 };
  } catch (error) {
    const statusCode = wsStatusOf(error);
    if (statusCode >= 500) logger.error('WebSocket connect failed', { error });
    return { statusCode };
  }
};
