import { listSourceProjects } from '../../core/source-control/source-control';
import { httpHandler } from '../http-handler';

/** GET /v2/source-control/projects: the projects the deployment's source control holds. */
export const handler = httpHandler({
  handle: ({ user }) => listSourceProjects(user),
});
