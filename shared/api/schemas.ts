import { z } from 'zod';
import { AccessRequestBodySchema, AccessRequestResultSchema } from '../schemas/access-request';
import {
  CreateIncidentBodySchema,
  CreateIncidentResultSchema,
  IncidentListSchema,
} from '../schemas/incident';
import {
  ClearNotificationsBodySchema,
  ListNotificationsQuerySchema,
  NotificationListSchema,
} from '../schemas/notification';
import { AppSettingsSchema, VersionInfoSchema } from '../schemas/settings';
import { TourDetailSchema, TourParamsSchema } from '../schemas/tour';
import { CurrentUserSchema } from '../schemas/user';
import type { HttpRouteDef } from './routes';

/** `'GET /v2/settings'` for every route of the route table. */
export type RouteKey = HttpRouteDef extends infer R
  ? R extends HttpRouteDef
    ? `${R['method']} ${R['path']}`
    : never
  : never;

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of the success answer; absent for 204 answers. */
  response?: z.ZodType;
  /** Status of the success answer (200 unless given). */
  status?: number;
}

/** The OpenAPI document itself is free-form JSON. */
const OpenApiDocumentSchema = z.object({ openapi: z.string() }).catchall(z.unknown());

/**
 * Request and response schemas of every route, keyed by `'METHOD /path'`. Handlers use the same
 * schemas (imported from `shared/schemas`), and the OpenAPI document is generated from this map; the
 * `satisfies` clause makes a route without an entry a type error.
 */
export const API_SCHEMAS = {
  'GET /v2/settings': { response: AppSettingsSchema },
  'GET /v2/version': { response: VersionInfoSchema },
  'GET /v2/openapi.json': { response: OpenApiDocumentSchema },
  'GET /v2/users/me': { response: CurrentUserSchema },
  'POST /v2/access-requests': {
    body: AccessRequestBodySchema,
    response: AccessRequestResultSchema,
    status: 202,
  },
  'GET /v2/tours/{type}/{code}': { params: TourParamsSchema, response: TourDetailSchema },
  'PUT /v2/tours/{type}/{code}/viewed': { params: TourParamsSchema, status: 204 },
  'GET /v2/notifications': { query: ListNotificationsQuerySchema, response: NotificationListSchema },
  'POST /v2/notifications/clear': { body: ClearNotificationsBodySchema, status: 204 },
  'POST /v2/notifications/seen': { status: 204 },
  'POST /v2/incidents': { body: CreateIncidentBodySchema, response: CreateIncidentResultSchema, status: 201 },
  'GET /v2/incidents': { response: IncidentListSchema },
} as const satisfies Record<RouteKey, RouteSchemas>;
