import { CreateIncidentBodySchema } from '@shared/schemas/incident';
import { createIncident } from '../../core/incidents/create-incident';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/incidents → 201 {incidentId}. */
export const handler = httpHandler({
  body: CreateIncidentBodySchema,
  handle: async ({ user, body }) => respond(201, await createIncident(user.id, body)),
});
