import { CompareResultsParamsSchema } from '@shared/schemas/result-compare';
import { compareVersionResults } from '../../core/compare/compare-results';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/compare/{otherUuid}/results: same-named scenarios' result tables compared. */
export const handler = httpHandler({
  params: CompareResultsParamsSchema,
  handle: async ({ user, params }) => compareVersionResults(user, params.uuid, params.otherUuid),
});
