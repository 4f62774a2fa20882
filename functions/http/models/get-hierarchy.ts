import { ModelParamsSchema } from '@shared/schemas/model-api';
import { getHierarchy } from '../../core/versions/hierarchy';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/hierarchy: the entry's lineage from its root. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  handle: async ({ user, params }) => getHierarchy(user, params.uuid),
});
