import { ModelParamsSchema } from '@shared/schemas/model-api';
import { GroupListQuerySchema } from '@shared/schemas/sub-models-api';
import { listGroupsOf } from '../../core/sub-models/groups';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/groups?subModelId=: scenario groups by name. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  query: GroupListQuerySchema,
  handle: async ({ user, params, query }) => listGroupsOf(user, params.uuid, query.subModelId),
});
