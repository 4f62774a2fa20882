import { HTTP_ROUTES } from '@shared/api/routes';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './build-openapi-document';

type Operation = {
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security: unknown[];
};

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument({ version: '1.2.3' }) as {
    openapi: string;
    info: { version: string };
    paths: Record<string, Record<string, Operation>>;
  };

  it('is an OpenAPI 3.1 document with the product version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
  });

  it('describes every route of the route table', () => {
    for (const route of HTTP_ROUTES) {
      expect(
        doc.paths[route.path]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(HTTP_ROUTES.length);
  });

  it('asks for a bearer token on jwt routes only', () => {
    expect(doc.paths['/v2/users/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v2/settings']?.get?.security).toEqual([]);
  });

  it('lists path and query parameters', () => {
    const tour = doc.paths['/v2/tours/{type}/{code}']?.get;
    expect(tour?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['type', 'path', true],
      ['code', 'path', true],
    ]);
    const list = doc.paths['/v2/notifications']?.get;
    expect(list?.parameters).toEqual([
      expect.objectContaining({ name: 'limit', in: 'query', required: false }),
    ]);
  });

  it('carries the request body rules and the success status', () => {
    const create = doc.paths['/v2/incidents']?.post;
    const schema = create?.requestBody?.content['application/json']?.schema as {
      required: string[];
      properties: Record<string, { maxLength?: number }>;
    };
    expect(create?.requestBody?.required).toBe(true);
    expect(schema.required).toContain('description');
    expect(schema.properties.description?.maxLength).toBe(500);
    expect(create?.responses['201']).toBeDefined();
    expect(doc.paths['/v2/access-requests']?.post?.requestBody?.required).toBe(false);
    expect(doc.paths['/v2/notifications/clear']?.post?.responses['204']).toBeDefined();
    // The handler publishes without a body (no revision check): the document must not require one.
    expect(doc.paths['/v2/models/{uuid}/publish']?.post?.requestBody?.required).toBe(false);
  });
});
