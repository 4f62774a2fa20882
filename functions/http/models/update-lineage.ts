import { ModelParamsSchema } from '@shared/schemas/model-api';
import { UpdateLineageBodySchema } from '@shared/schemas/versions-api';
import { toModelDetail } from '../../core/models/model-detail';
import { updateLineage } from '../../core/versions/update-lineage';
import { httpHandler } from '../http-handler';

/** PUT /v2/models/{uuid}/lineage: link the entry (and its subtree) under a parent, or start a lineage. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: UpdateLineageBodySchema,
  handle: async ({ user, params, body }) => toModelDetail(await updateLineage(user, params.uuid, body), user),
});
