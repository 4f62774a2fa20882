import { AuditQuerySchema } from '@shared/schemas/collaboration';
import { ModelParamsSchema } from '@shared/schemas/model-api';
import { listModelAudit } from '../../core/access/list-model-audit';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/audit?limit&cursor: newest first (managers and super users). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  query: AuditQuerySchema,
  handle: async ({ user, params, query }) => listModelAudit(user, params.uuid, query),
});
