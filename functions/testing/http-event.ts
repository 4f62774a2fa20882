import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** Builds an API Gateway v2 (payload 2.0) event like the one API Gateway or the local gateway sends. */
export function httpEvent(
  options: {
    method?: string;
    path?: string;
    body?: string;
    claims?: Record<string, string | number | boolean | string[]>;
    query?: Record<string, string>;
    params?: Record<string, string>;
    routeKey?: string;
  } = {},
): APIGatewayProxyEventV2 {
  const method = options.method ?? 'GET';
  const path = options.path ?? '/v2/test';
  return {
    version: '2.0',
    routeKey: options.routeKey ?? `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.params ? { pathParameters: options.params } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'request-1',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 0,
      ...(options.claims ? { authorizer: { jwt: { claims: options.claims, scopes: null } } } : {}),
    },
  } as APIGatewayProxyEventV2;
}

export const lambdaContext = {} as Context;

export function claimsFor(userId: string) {
  return { 'cognito:username': userId, email: `${userId}@example.com`, token_use: 'id' };
}
