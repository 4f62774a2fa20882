import path from 'node:path';
import { HTTP_ROUTES } from '@shared/api/routes';
import { API_SCHEMAS, type RouteKey } from '@shared/api/schemas';
import { describe, expect, it } from 'vitest';
import type { HttpHandler } from './http-handler';

/**
 * The OpenAPI document (and the web app's typed client) take each route's input schemas from
 * shared/api/schemas.ts; the handler parses with the ones it declares. Both must be the same objects,
 * so that what the document calls required or optional is what the handler accepts.
 */
describe('the API contract', () => {
  it.each(HTTP_ROUTES.map((route) => [`${route.method} ${route.path}`, route.handler] as const))(
    '%s: the handler parses with the schemas the document describes',
    async (key, handlerPath) => {
      const file = path.join(import.meta.dirname, '..', `${handlerPath}.ts`);
      const module = (await import(/* @vite-ignore */ file)) as { handler: HttpHandler };
      const declared = API_SCHEMAS[key as RouteKey] as { body?: unknown; query?: unknown; params?: unknown };
      const input = module.handler.input ?? {};
      expect({ body: input.body, query: input.query, params: input.params }).toStrictEqual({
        body: declared.body,
        query: declared.query,
        params: declared.params,
      });
      expect(input.body === declared.body, 'body').toBe(true);
      expect(input.query === declared.query, 'query').toBe(true);
      expect(input.params === declared.params, 'params').toBe(true);
    },
  );
});
