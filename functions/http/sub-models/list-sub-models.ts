import { ModelParamsSchema } from '@shared/schemas/model-api';
import { ListSubModelsQuerySchema } from '@shared/schemas/sub-models-api';
import { listSubModelsOf } from '../../core/sub-models/list-sub-models';
import { readSubModelEntry } from '../../core/sub-models/sub-model-access';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/sub-models?type=: the sub-models of a section (or of every visible one). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  query: ListSubModelsQuerySchema,
  prefetch: ({ params }) => readSubModelEntry(params.uuid),
  handle: async ({ user, params, query, prefetched }) =>
    listSubModelsOf(user, params.uuid, query.type, prefetched),
});
