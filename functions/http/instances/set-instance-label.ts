import { InstanceLabelBodySchema, InstanceParamsSchema } from '@shared/schemas/instance-api';
import { setInstanceLabel } from '../../core/instances/update-instance';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/instances/{instanceId}/label: the Edit Label pop-up. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  body: InstanceLabelBodySchema,
  handle: async ({ user, params, body }) =>
    setInstanceLabel(user, params.uuid, params.instanceId, body.label),
});
