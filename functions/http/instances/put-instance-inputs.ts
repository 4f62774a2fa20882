import { InstanceParamsSchema, PutInstanceInputsBodySchema } from '@shared/schemas/instance-api';
import { putInstanceInputs } from '../../core/instances/update-instance';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/instances/{instanceId}/inputs: the parameters editor's Save. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  body: PutInstanceInputsBodySchema,
  handle: async ({ user, params, body }) => putInstanceInputs(user, params.uuid, params.instanceId, body),
});
