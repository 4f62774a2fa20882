import { type Incident, statusChangeText, type UpdateIncidentBody } from '@shared/schemas/incident';
import type { User } from '@shared/schemas/user';
import { adminAuditPut } from '../../data/audit';
import { getIncident, incidentStatusUpdate } from '../../data/incidents';
import { runTransaction } from '../../data/transactions';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { requireAdministrator } from '../admin/authorize';

export const INCIDENT_NOT_FOUND = 'The incident was not found.';
export const INCIDENT_CLOSED = 'The incident is closed and cannot be changed.';
export const INCIDENT_STATUS_UNCHANGED = 'The status is unchanged.';

/**
 * Edit Status of the incident list (002 §2, §4, §5): an administrator closes an open incident with a
 * comment. The screen disables 'Update Incident' when the incident is CLOSED or the status unchanged;
 * the server refuses the same cases, since CLOSED is final (§4 offers no way back).
 * 1. Refuse anyone but a super user (403), an unknown incident (404), a closed one or an unchanged
 *    status (409).
 * 2. In one transaction: the new status, comment, modifier and the worklog line 'Status changes from
 *    Open to Closed' (conditional on the status read), and the admin audit record with before/after.
 * Returns the incident as stored.
 */
export async function updateIncident(
  caller: User,
  incidentId: string,
  body: UpdateIncidentBody,
  now = Date.now(),
): Promise<Incident> {
  requireAdministrator(caller);
  const incident = await getIncident(incidentId);
  if (!incident) throw new NotFoundError(INCIDENT_NOT_FOUND);
  if (incident.status === 'CLOSED') throw new ConflictError(INCIDENT_CLOSED);
  if (incident.status === body.status) throw new ConflictError(INCIDENT_STATUS_UNCHANGED);

  const at = new Date(now).toISOString();
  const worklogEntry = {
    at,
    by: caller.id,
    text: statusChangeText(incident.status, body.status),
    comment: body.comments,
  };
  await runTransaction([
    incidentStatusUpdate({
      incidentId,
      from: incident.status,
      to: body.status,
      comments: body.comments,
      by: caller.id,
      at,
      worklogEntry,
    }),
    adminAuditPut(
      {
        actor: caller.id,
        action: 'INCIDENT_UPDATED',
        target: `incident:${incidentId}`,
        before: { status: incident.status, ...(incident.comments ? { comments: incident.comments } : {}) },
        after: { status: body.status, comments: body.comments },
      },
      now,
    ),
  ]);
  return {
    ...incident,
    status: body.status,
    comments: body.comments,
    modifiedOn: at,
    modifiedBy: caller.id,
    worklog: [...(incident.worklog ?? []), worklogEntry],
  };
}
