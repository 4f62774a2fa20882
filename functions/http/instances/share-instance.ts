import { InstanceParamsSchema } from '@shared/schemas/instance-api';
import { ShareRequestSchema } from '@shared/sub-models/sharing';
import { shareInstance } from '../../core/instances/share-instance';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/instances/{instanceId}/share: share with one user and send the e-mail. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  body: ShareRequestSchema,
  handle: async ({ user, params, body }) => shareInstance(user, params.uuid, params.instanceId, body),
});
