import { InstanceParamsSchema, SaveAnalysisBodySchema } from '@shared/schemas/instance-api';
import { saveAnalysis } from '../../core/instances/save-analysis';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/instances/{instanceId}/analysis: Save or Update Analysis (name, un-hide). */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  body: SaveAnalysisBodySchema,
  handle: async ({ user, params, body }) => saveAnalysis(user, params.uuid, params.instanceId, body),
});
