import { SourceProjectParamsSchema } from '@shared/schemas/source-control';
import { getSourceProject } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** GET /v2/source-control/projects/{project}: one project. */
export const handler = httpHandler({
  params: SourceProjectParamsSchema,
  handle: ({ user, params }) => getSourceProject(user, params.project),
});
