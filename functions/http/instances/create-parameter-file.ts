import { InstanceParamsSchema, ParameterFileBodySchema } from '@shared/schemas/instance-api';
import { createParameterFile } from '../../core/instances/parameter-files';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/instances/{instanceId}/parameter-files: a presigned upload of a FILE parameter. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  body: ParameterFileBodySchema,
  handle: async ({ user, params, body }) => createParameterFile(user, params.uuid, params.instanceId, body),
});
