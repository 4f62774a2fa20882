import { describe, expect, it } from 'vitest';
import { fillPath, operationIdOf, routeOfOperation } from './operations';
import { HTTP_ROUTES } from './routes';

describe('operations of the route table', () => {
  it('names every route by its handler, each name once', () => {
    const names = HTTP_ROUTES.map((route) => operationIdOf(route.handler));
    expect(new Set(names).size).toBe(HTTP_ROUTES.length);
    expect(operationIdOf('http/models/get-model')).toBe('getModel');
  });

  it('finds the method and path of an operation', () => {
    expect(routeOfOperation('publishModel')).toMatchObject({
      method: 'POST',
      path: '/v2/models/{uuid}/publish',
    });
  });

  it('fills path params, each encoded as one segment, and refuses a missing one', () => {
    expect(fillPath('/v2/models/{uuid}/files/{fileUuid}', { uuid: 'a b', fileUuid: 'x/y' })).toBe(
      '/v2/models/a%20b/files/x%2Fy',
    );
    expect(() => fillPath('/v2/models/{uuid}', {})).toThrow("Missing path parameter 'uuid'");
  });
});
