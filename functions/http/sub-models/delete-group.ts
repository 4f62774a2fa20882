import { GroupParamsSchema } from '@shared/schemas/sub-models-api';
import { deleteGroupOf } from '../../core/sub-models/groups';
import { httpHandler } from '../http-handler';

/** DELETE /v2/models/{uuid}/groups/{groupId} (204). */
export const handler = httpHandler({
  params: GroupParamsSchema,
  handle: async ({ user, params }) => {
    await deleteGroupOf(user, params.uuid, params.groupId);
  },
});
