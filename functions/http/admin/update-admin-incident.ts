import { IncidentIdParamsSchema, UpdateIncidentBodySchema } from '@shared/schemas/incident';
import { updateIncident } from '../../core/incidents/update-incident';
import { httpHandler } from '../http-handler';

/** PATCH /v2/admin/incidents/{id}: Edit Status, closing comment required (administrators). */
export const handler = httpHandler({
  params: IncidentIdParamsSchema,
  body: UpdateIncidentBodySchema,
  handle: async ({ user, params, body }) => updateIncident(user, params.id, body),
});
