import { listIncidents } from '../../core/incidents/list-incidents';
import { httpHandler } from '../http-handler';

/** GET /v2/incidents (super users only). */
export const handler = httpHandler({
  handle: async ({ user }) => listIncidents(user),
});
