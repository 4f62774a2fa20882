import { InstanceParamsSchema, ShareCandidatesQuerySchema } from '@shared/schemas/instance-api';
import { listShareCandidates } from '../../core/instances/share-instance';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/instances/{instanceId}/share-candidates?query=: at most 10 users. */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  query: ShareCandidatesQuerySchema,
  handle: async ({ user, params, query }) =>
    listShareCandidates(user, params.uuid, params.instanceId, query.query),
});
