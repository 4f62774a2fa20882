import { LineageRootsQuerySchema } from '@shared/schemas/versions-api';
import { listLineageRoots } from '../../core/versions/lineage-roots';
import { httpHandler } from '../http-handler';

/** GET /v2/models/lineage-roots?product=&disease=&therapeutic_area=: candidate lineages by metadata. */
export const handler = httpHandler({
  query: LineageRootsQuerySchema,
  handle: async ({ user, query }) => listLineageRoots(user, query),
});
