import { InstanceModelParamsSchema, InstanceNameCheckBodySchema } from '@shared/schemas/instance-api';
import { checkInstanceName } from '../../core/instances/update-instance';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/instances/name-check: whether the name is taken in the entry. */
export const handler = httpHandler({
  params: InstanceModelParamsSchema,
  body: InstanceNameCheckBodySchema,
  handle: async ({ user, params, body }) => checkInstanceName(user, params.uuid, body),
});
