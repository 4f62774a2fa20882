import { SourceBrowseQuerySchema, SourceRepoParamsSchema } from '@shared/schemas/source-control';
import { browseSource } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** GET /v2/source-control/projects/{project}/repos/{repo}/browse?path&at: a folder's entries or a file's text. */
export const handler = httpHandler({
  params: SourceRepoParamsSchema,
  query: SourceBrowseQuerySchema,
  handle: ({ user, params, query }) => browseSource(user, params, query),
});
