import { AdminIncidentListQuerySchema } from '@shared/schemas/incident';
import { listAdminIncidents } from '../../core/incidents/admin-incidents';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/incidents: the incident grid, newest first, searched (administrators). */
export const handler = httpHandler({
  query: AdminIncidentListQuerySchema,
  handle: async ({ user, query }) => listAdminIncidents(user, query),
});
