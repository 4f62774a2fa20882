import { SourceProjectParamsSchema } from '@shared/schemas/source-control';
import { listSourceRepositories } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** GET /v2/source-control/projects/{project}/repos: the project's repositories. */
export const handler = httpHandler({
  params: SourceProjectParamsSchema,
  handle: ({ user, params }) => listSourceRepositories(user, params.project),
});
