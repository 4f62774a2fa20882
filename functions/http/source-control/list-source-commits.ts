import { SourceHistoryQuerySchema, SourceRepoParamsSchema } from '@shared/schemas/source-control';
import { listSourceCommits } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** GET /v2/source-control/projects/{project}/repos/{repo}/commits?path&until&start&limit: history, newest first. */
export const handler = httpHandler({
  params: SourceRepoParamsSchema,
  query: SourceHistoryQuerySchema,
  handle: ({ user, params, query }) => listSourceCommits(user, params, query),
});
