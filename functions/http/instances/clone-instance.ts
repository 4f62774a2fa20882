import { CloneInstanceBodySchema, InstanceParamsSchema } from '@shared/schemas/instance-api';
import { cloneInstance } from '../../core/instances/create-instance';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/instances/{instanceId}/clone: a DRAFT copy under a new name (201). */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  body: CloneInstanceBodySchema,
  handle: async ({ user, params, body }) =>
    respond(201, await cloneInstance(user, params.uuid, params.instanceId, body)),
});
