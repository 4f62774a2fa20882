import { CompareParamsSchema } from '@shared/schemas/compare';
import { compareVersions } from '../../core/compare/compare-versions';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/compare/{otherUuid}: both versions' logs and their files paired with a status. */
export const handler = httpHandler({
  params: CompareParamsSchema,
  handle: async ({ user, params }) => compareVersions(user, params.uuid, params.otherUuid),
});
