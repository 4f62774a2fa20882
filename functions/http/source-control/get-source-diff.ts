import { SourceDiffQuerySchema, SourceRepoParamsSchema } from '@shared/schemas/source-control';
import { getSourceDiff } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** GET /v2/source-control/projects/{project}/repos/{repo}/diff?path&since&until: the commit diff. */
export const handler = httpHandler({
  params: SourceRepoParamsSchema,
  query: SourceDiffQuerySchema,
  handle: ({ user, params, query }) => getSourceDiff(user, params, query),
});
