import type * as z from 'zod/mini';
import { HTTP_ROUTES, type HttpRouteDef } from './routes';
import type { API_SCHEMAS } from './schemas';

/**
 * Routes by operation: the name of a route's handler module in camelCase (`http/models/get-model` →
 * `getModel`), which is also its `operationId` in the OpenAPI document. The web app's typed client
 * (web/src/lib/api-client.ts) calls routes by this name; request and response types come from the
 * route's schemas in API_SCHEMAS, as types only, so no schema reaches the web bundle through here.
 */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type BaseName<S extends string> = S extends `${string}/${infer Rest}` ? BaseName<Rest> : S;

export type OperationIdOf<Handler extends string> = CamelCase<BaseName<Handler>>;

export function operationIdOf(handler: string): string {
  const last = handler.split('/').pop() ?? handler;
  return last.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

type Routes = { [R in HttpRouteDef as OperationIdOf<R['handler']>]: R };
export type OperationId = keyof Routes;

type RouteKeyOf<R extends HttpRouteDef> = `${R['method']} ${R['path']}`;
type SchemasOf<Op extends OperationId> =
  RouteKeyOf<Routes[Op]> extends infer K extends keyof typeof API_SCHEMAS ? (typeof API_SCHEMAS)[K] : never;

/**
 * One slot of a request (path params, query, body): required when the schema requires it, optional
 * when it accepts nothing, absent when the route declares none. Query values travel as strings, so
 * the slot names the schema's keys with any scalar value (the server parses and coerces them).
 */
type Slot<S, K extends 'params' | 'query' | 'body'> = S extends {
  readonly [P in K]: infer T extends z.ZodMiniType;
}
  ? K extends 'query'
    ? { readonly query?: { readonly [Q in keyof z.input<T>]?: string | number | boolean | undefined } }
    : undefined extends z.input<T>
      ? { readonly [P in K]?: z.input<T> }
      : { readonly [P in K]: z.input<T> }
  : { readonly [P in K]?: never };

export type ApiRequest<Op extends OperationId> = Slot<SchemasOf<Op>, 'params'> &
  Slot<SchemasOf<Op>, 'query'> &
  Slot<SchemasOf<Op>, 'body'>;

/** What the route answers on success: its response schema's output, or nothing for a 204. */
export type ApiResponse<Op extends OperationId> =
  SchemasOf<Op> extends {
    readonly response: infer R extends z.ZodMiniType;
  }
    ? z.output<R>
    : undefined;

export interface OperationRoute {
  readonly method: HttpRouteDef['method'];
  readonly path: HttpRouteDef['path'];
}

let byOperation: Map<string, OperationRoute> | undefined;

/** The route an operation names (built from the route table at first use). */
export function routeOfOperation(operation: OperationId): OperationRoute {
  byOperation ??= new Map(HTTP_ROUTES.map((route) => [operationIdOf(route.handler), route]));
  const route = byOperation.get(operation);
  if (!route) throw new Error(`No route for operation '${operation}'`);
  return route;
}

/** The path of a route with its `{name}` segments filled in, each encoded as one path segment. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(value);
  });
}
