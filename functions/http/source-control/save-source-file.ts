import { SaveSourceFileBodySchema, SourceRepoParamsSchema } from '@shared/schemas/source-control';
import { saveSourceFile } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** PUT /v2/source-control/projects/{project}/repos/{repo}/files: commit one file in an entry's name. */
export const handler = httpHandler({
  params: SourceRepoParamsSchema,
  body: SaveSourceFileBodySchema,
  handle: ({ user, params, body }) => saveSourceFile(user, params, body),
});
