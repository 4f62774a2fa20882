import { IncidentIdParamsSchema } from '@shared/schemas/incident';
import { getAdminIncident } from '../../core/incidents/admin-incidents';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/incidents/{id}: one incident with its worklog and resolved stack (administrators). */
export const handler = httpHandler({
  params: IncidentIdParamsSchema,
  handle: async ({ user, params }) => getAdminIncident(user, params.id),
});
