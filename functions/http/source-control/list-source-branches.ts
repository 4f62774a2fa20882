import { SourceRepoParamsSchema } from '@shared/schemas/source-control';
import { listSourceBranches } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** GET /v2/source-control/projects/{project}/repos/{repo}/branches: branches, the default one marked. */
export const handler = httpHandler({
  params: SourceRepoParamsSchema,
  handle: ({ user, params }) => listSourceBranches(user, params),
});
