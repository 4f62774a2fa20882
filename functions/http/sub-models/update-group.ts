import { GroupParamsSchema, UpdateGroupBodySchema } from '@shared/schemas/sub-models-api';
import { updateGroupOf } from '../../core/sub-models/groups';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/groups/{groupId}: rename a group or set its instances. */
export const handler = httpHandler({
  params: GroupParamsSchema,
  body: UpdateGroupBodySchema,
  handle: async ({ user, params, body }) => updateGroupOf(user, params.uuid, params.groupId, body),
});
