import { InstanceShareParamsSchema } from '@shared/schemas/instance-api';
import { StopSharingSchema } from '@shared/sub-models/sharing';
import { stopSharing } from '../../core/instances/share-instance';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/instances/{instanceId}/share/{userId} { status: 'INACTIVE' }: Stop Sharing. */
export const handler = httpHandler({
  params: InstanceShareParamsSchema,
  body: StopSharingSchema,
  handle: async ({ user, params }) => stopSharing(user, params.uuid, params.instanceId, params.userId),
});
