import { GroupParamsSchema } from '@shared/schemas/sub-models-api';
import { getGroupOf } from '../../core/sub-models/groups';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/groups/{groupId}: one scenario group. */
export const handler = httpHandler({
  params: GroupParamsSchema,
  handle: async ({ user, params }) => getGroupOf(user, params.uuid, params.groupId),
});
