import type { AreaTrigger } from '@shared/api/routes';
import { MESSAGES } from '@shared/messages';
import type { Context } from 'aws-lambda';
import { NotFoundError } from '../lib/errors';
import { errorResponse } from '../lib/http';
import { appendLogKeys, countJobFailure, instrumentHandler, logger, logKeysOf } from '../lib/observability';

/**
 * One Lambda function per feature area (shared/api/routes.ts, AREAS): this dispatcher finds the
 * entry an invocation is for and calls that entry's handler module, the same one-file-per-action
 * module the route table names.
 *
 * Why a dispatch map and not a router: API Gateway has already matched the request and hands us the
 * route key (`event.routeKey`, e.g. `GET /v2/models/{uuid}`) and the path parameters, so a router
 * (Powertools event-handler's `http` Router was considered) would match the path a second time,
 * build a web `Request` per invocation and want its own handler signature, and it covers neither
 * the WebSocket, Step Functions nor EventBridge events, which this map also serves. The map is
 * generated from the route table (cdk/constructs/handler-bundling.ts in AWS, scripts/local/area-worker.ts
 * locally) as `key -> () => Promise<module>`, loaded once per key. Locally each loader imports its
 * module on first use; in AWS the area's bundle holds all its routes and the loaders resolve at once
 * (handler-bundling.ts says why: a chunk per route cost more at cold start than it saved).
 *
 * How the key is found, by trigger:
 * - http: `event.routeKey` (the route key, or `$default`); the module gets the event;
 * - websocket: `event.requestContext.routeKey` (`$connect`, `$disconnect`, `$default`);
 * - workflow: `event.task` (the ASL passes `{ task, input }`); the module gets `input`;
 * - schedule: `event.job` (the EventBridge rule's target input), or `event.ResourceProperties.job`
 *   for a deploy job (a CloudFormation custom-resource event); the module gets the event.
 */
export type AreaModuleHandler = (event: never, context: Context) => Promise<unknown>;
export type EntryLoader = () => Promise<{ handler?: unknown }>;

export interface AreaHandler {
  (event: unknown, context: Context): Promise<unknown>;
  /** The entry keys this function serves. */
  readonly entryKeys: readonly string[];
  /** Imports one entry's module (cached); the bundle benchmark uses it to time a route's first load. */
  readonly load: (key: string) => Promise<AreaModuleHandler>;
}

export class UnknownAreaEntryError extends Error {
  override name = 'UnknownAreaEntryError';
}

export function areaHandler(
  area: string,
  trigger: AreaTrigger,
  entries: Readonly<Record<string, EntryLoader>>,
): AreaHandler {
  const modules = new Map<string, Promise<AreaModuleHandler>>();

  const load = (key: string): Promise<AreaModuleHandler> => {
    let loading = modules.get(key);
    if (!loading) {
      const loader = entries[key];
      if (!loader) return Promise.reject(new UnknownAreaEntryError(`${area} has no entry '${key}'`));
      loading = loader().then((mod) => {
        if (typeof mod.handler !== 'function')
          throw new UnknownAreaEntryError(`The module of '${key}' in ${area} exports no handler`);
        return mod.handler as AreaModuleHandler;
      });
      modules.set(key, loading);
      // A module that failed to load is tried again on the next invocation, as a new instance would.
      loading.catch(() => modules.delete(key));
    }
    return loading;
  };

  const dispatch = async (event: unknown, context: Context): Promise<unknown> => {
    const { key, payload } = dispatchKey(trigger, event);
    appendLogKeys({ route: key, ...logKeysOf(idSource(trigger, event, payload)) });
    if (trigger === 'http' && !(key in entries)) {
      // API Gateway only sends the routes this function serves; answer like the $default route.
      return errorResponse(new NotFoundError(MESSAGES.apiNotFound), { route: key });
    }
    let result: unknown;
    try {
      const handler = await load(key);
      result = await handler(payload as never, context);
    } catch (error) {
      // httpHandler answers every error of a route; what escapes it (a module that fails to load) still
      // gets the API's JSON 500 with a report id instead of API Gateway's bare 'Internal Server Error'.
      if (trigger === 'http') return errorResponse(error, { route: key });
      if (trigger === 'schedule') {
        // Several jobs share the jobs function: its Errors metric cannot say which one failed.
        logger.error('Job failed', { error });
        countJobFailure(key);
      }
      throw error;
    }
    if (trigger === 'websocket') {
      // WebSocket stages keep no access log here (see the stateless stack): one line per event instead.
      const { requestContext } = event as WebSocketEventLike;
      logger.info('WebSocket event', {
        routeKey: key,
        eventType: requestContext.eventType,
        connectionId: requestContext.connectionId,
        statusCode: (result as { statusCode?: number } | undefined)?.statusCode,
      });
    }
    return result;
  };

  return Object.assign(instrumentHandler(area, dispatch), { entryKeys: Object.keys(entries), load });
}

/** Where an invocation's ids are: path parameters, the WebSocket connection, the task input or job event. */
function idSource(trigger: AreaTrigger, event: unknown, payload: unknown): unknown {
  const e = (event ?? {}) as { pathParameters?: unknown; requestContext?: { connectionId?: unknown } };
  if (trigger === 'http') return e.pathParameters;
  if (trigger === 'websocket') return { connectionId: e.requestContext?.connectionId };
  return payload;
}

interface WebSocketEventLike {
  requestContext: { routeKey: string; eventType?: string; connectionId?: string };
}

function dispatchKey(trigger: AreaTrigger, event: unknown): { key: string; payload: unknown } {
  const e = (event ?? {}) as Record<string, unknown>;
  switch (trigger) {
    case 'http':
      return { key: String(e.routeKey ?? '$default'), payload: event };
    case 'websocket':
      return { key: String((e as unknown as WebSocketEventLike).requestContext?.routeKey), payload: event };
    case 'workflow':
      return { key: String(e.task), payload: e.input };
    case 'schedule': {
      // A deploy job comes as a CloudFormation custom-resource event naming the job in its properties.
      const properties = e.ResourceProperties as Record<string, unknown> | undefined;
      return { key: String(e.job ?? properties?.job), payload: event };
    }
  }
}
