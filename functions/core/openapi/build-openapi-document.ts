import { operationIdOf } from '@shared/api/operations';
import { API_BASE_PATH, HTTP_ROUTES } from '@shared/api/routes';
import { API_SCHEMAS, type RouteKey, type RouteSchemas } from '@shared/api/schemas';
import { ErrorBodySchema } from '@shared/schemas/error';
import * as z from 'zod/mini';

type JsonSchema = Record<string, unknown>;

/**
 * Builds the OpenAPI 3.1 document of the HTTP API.
 * 1. Walk the route table (the same one CDK and the local gateway read).
 * 2. For each route, turn its zod schemas from API_SCHEMAS into JSON Schema (2020-12, the dialect of
 *    OpenAPI 3.1): path and query parameters, the request body, the success answer.
 * 3. Add the shared error answer and the bearer-token security scheme.
 */
export function buildOpenApiDocument(info: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of HTTP_ROUTES) {
    const key = `${route.method} ${route.path}` as RouteKey;
    const schemas: RouteSchemas = API_SCHEMAS[key];
    const operation: Record<string, unknown> = {
      operationId: operationIdOf(route.handler),
      summary: route.summary,
      tags: [tagOf(route.path)],
      ...(route.auth === 'jwt' ? { security: [{ bearerAuth: [] }] } : { security: [] }),
      parameters: [...parametersOf(schemas.params, 'path'), ...parametersOf(schemas.query, 'query')],
      ...(schemas.body ? { requestBody: requestBodyOf(schemas.body) } : {}),
      responses: responsesOf(schemas, route.auth === 'jwt'),
    };
    const pathItem = paths[route.path] ?? {};
    pathItem[route.method.toLowerCase()] = operation;
    paths[route.path] = pathItem;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Model Repository API', version: info.version },
    servers: [{ url: info.serverUrl ?? '/' }],
    paths,
    components: {
      schemas: { Error: toSchema(ErrorBodySchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Cognito ID token' },
      },
    },
    'x-base-path': API_BASE_PATH,
  };
}

function toSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodMiniType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBodyOf(schema: z.ZodMiniType): JsonSchema {
  const optional = schema.safeParse(undefined).success;
  const inner = schema instanceof z.ZodMiniOptional ? (schema.def.innerType as z.ZodMiniType) : schema;
  return { required: !optional, content: { 'application/json': { schema: toSchema(inner, 'input') } } };
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

function responsesOf(schemas: RouteSchemas, authed: boolean): Record<string, unknown> {
  const status = String(schemas.status ?? (schemas.response ? 200 : 204));
  const success = schemas.response
    ? {
        description: 'Success',
        content: { 'application/json': { schema: toSchema(schemas.response, 'output') } },
      }
    : { description: 'Success, no content' };
  return {
    [status]: success,
    ...(schemas.body || schemas.query || schemas.params
      ? { '400': { description: 'Malformed or invalid request', content: errorContent } }
      : {}),
    ...(authed
      ? {
          '401': { description: 'Missing, expired or forged token', content: errorContent },
          '403': { description: 'No access or no permission', content: errorContent },
        }
      : {}),
    '500': { description: 'Unexpected error (the body carries a reportId)', content: errorContent },
  };
}

function tagOf(path: string): string {
  return path.split('/')[2] ?? 'api';
}
