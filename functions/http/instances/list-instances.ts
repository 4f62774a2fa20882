import { InstanceModelParamsSchema, ListInstancesQuerySchema } from '@shared/schemas/instance-api';
import { listInstances, prefetchInstanceList } from '../../core/instances/list-instances';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/instances: the instance list query (filters, facets, paging, order). */
export const handler = httpHandler({
  params: InstanceModelParamsSchema,
  query: ListInstancesQuerySchema,
  prefetch: ({ params }) => prefetchInstanceList(params.uuid),
  handle: async ({ user, params, query, prefetched }) => listInstances(user, params.uuid, query, prefetched),
});
