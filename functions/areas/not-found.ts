import { MESSAGES } from '@shared/messages';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { NotFoundError } from '../lib/errors';
import { errorResponse, routeOf } from '../lib/http';

/**
 * Requests that match no route (API Gateway's `$default` route, the local gateway's fallback): the
 * API's JSON 404, the same answer as functions/http/not-found.ts. Not through `httpHandler`, which
 * reaches the table (caller lookup, error reports): this function's code touches no data, so its
 * derived grants hold neither table nor bucket (cdk/constructs/area-analysis.ts).
 */
export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> =>
  errorResponse(new NotFoundError(MESSAGES.apiNotFound), { route: routeOf(event) });
