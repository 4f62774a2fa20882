import { HTTP_ROUTES } from '@shared/api/routes';
import { describe, expect, it } from 'vitest';
import {
  buildHttpEvent,
  buildWsConnectEvent,
  claimsAsApiGateway,
  compileRoutes,
  matchRoute,
  toHttpAnswer,
} from './api-gateway-events';

const incoming = (over: Partial<Parameters<typeof buildHttpEvent>[0]> = {}) => ({
  method: 'GET',
  url: '/v2/tours/home/intro?x=1&x=2&y=%20z',
  rawHeaders: [
    'Host',
    'api.local',
    'Cookie',
    'a=1; b=2',
    'Accept',
    'text/html',
    'accept',
    'application/json',
    'User-Agent',
    'vitest',
  ],
  body: Buffer.alloc(0),
  sourceIp: '127.0.0.1',
  host: 'api.local',
  ...over,
});

describe('route matching', () => {
  const routes = compileRoutes([
    ...HTTP_ROUTES,
    { method: 'GET', path: '/v2/tours/home/fixed', handler: 'x', area: 'shell', auth: 'public', summary: '' },
  ] as const);

  it('extracts decoded path parameters', () => {
    const m = matchRoute(routes, 'GET', '/v2/tours/my%20type/intro');
    expect(m?.compiled.routeKey).toBe('GET /v2/tours/{type}/{code}');
    expect(m?.pathParameters).toEqual({ type: 'my type', code: 'intro' });
  });

  it('prefers a literal route over a parameterised one, as API Gateway does', () => {
    expect(matchRoute(routes, 'GET', '/v2/tours/home/fixed')?.compiled.route.handler).toBe('x');
  });

  it('matches nothing for another method or path', () => {
    expect(matchRoute(routes, 'DELETE', '/v2/users/me')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/v2/users/me/extra')).toBeUndefined();
  });
});

describe('HTTP API payload 2.0 event', () => {
  it('has the documented shape', () => {
    const event = buildHttpEvent(
      incoming(),
      { routeKey: 'GET /v2/tours/{type}/{code}', pathParameters: { type: 'home', code: 'intro' } },
      {
        sub: 'u1',
      },
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /v2/tours/{type}/{code}',
      rawPath: '/v2/tours/home/intro',
      rawQueryString: 'x=1&x=2&y=%20z',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { x: '1,2', y: ' z' },
      pathParameters: { type: 'home', code: 'intro' },
      isBase64Encoded: false,
      requestContext: {
        accountId: expect.any(String),
        apiId: expect.any(String),
        domainName: 'api.local',
        domainPrefix: 'api',
        http: {
          method: 'GET',
          path: '/v2/tours/home/intro',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'vitest',
        },
        routeKey: 'GET /v2/tours/{type}/{code}',
        stage: '$default',
        authorizer: { jwt: { claims: { sub: 'u1' }, scopes: null } },
      },
    });
    expect(event.headers).toEqual({
      host: 'api.local',
      accept: 'text/html,application/json',
      'user-agent': 'vitest',
    });
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(event.body).toBeUndefined();
  });

  it('passes JSON as text and anything else base64-encoded', () => {
    const json = buildHttpEvent(
      incoming({
        rawHeaders: ['Content-Type', 'application/json; charset=utf-8'],
        body: Buffer.from('{"a":1}'),
      }),
      { routeKey: '$default' },
    );
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    const binary = buildHttpEvent(
      incoming({ rawHeaders: ['Content-Type', 'image/png'], body: Buffer.from([1, 2, 3]) }),
      {
        routeKey: '$default',
      },
    );
    expect(binary).toMatchObject({ body: 'AQID', isBase64Encoded: true });
  });

  it('has no authorizer on public routes', () => {
    expect('authorizer' in buildHttpEvent(incoming(), { routeKey: '$default' }).requestContext).toBe(false);
  });
});

describe('claims', () => {
  it('are strings, with arrays as "[a b]" like API Gateway’s JWT authorizer', () => {
    expect(
      claimsAsApiGateway({ 'cognito:groups': ['A', 'B'], exp: 5, email_verified: true, sub: 'x' }),
    ).toEqual({
      'cognito:groups': '[A B]',
      exp: '5',
      email_verified: 'true',
      sub: 'x',
    });
  });
});

describe('handler results', () => {
  it('uses a structured result as is', () => {
    const answer = toHttpAnswer({
      statusCode: 201,
      headers: { 'X-A': 'b' },
      body: '{"ok":true}',
      cookies: ['c=1'],
    });
    expect(answer).toMatchObject({
      statusCode: 201,
      headers: { 'x-a': 'b', 'content-type': 'application/json' },
      cookies: ['c=1'],
    });
    expect(answer.body.toString()).toBe('{"ok":true}');
  });

  it('decodes base64 bodies', () => {
    expect(toHttpAnswer({ statusCode: 200, body: 'AQID', isBase64Encoded: true }).body).toEqual(
      Buffer.from([1, 2, 3]),
    );
  });

  it('turns a plain value into 200 JSON', () => {
    const answer = toHttpAnswer({ id: 1 });
    expect(answer).toMatchObject({ statusCode: 200, headers: { 'content-type': 'application/json' } });
    expect(answer.body.toString()).toBe('{"id":1}');
  });
});

describe('WebSocket $connect event', () => {
  it('carries the query string, original header case and the connection', () => {
    const event = buildWsConnectEvent(
      {
        connectionId: 'abc=',
        connectedAt: 1,
        sourceIp: '127.0.0.1',
        userAgent: 'ua',
        domainName: 'ws.local',
      },
      '/?token=t1',
      ['Host', 'ws.local', 'Sec-WebSocket-Key', 'k'],
    );
    expect(event).toMatchObject({
      headers: { Host: 'ws.local', 'Sec-WebSocket-Key': 'k' },
      queryStringParameters: { token: 't1' },
      requestContext: {
        routeKey: '$connect',
        eventType: 'CONNECT',
        connectionId: 'abc=',
        connectedAt: 1,
        stage: 'local',
      },
      isBase64Encoded: false,
    });
  });
});
