import type { CreateIncidentBody, Incident } from '@shared/schemas/incident';
import { ulid } from 'ulid';
import { getErrorReport } from '../../data/error-reports';
import { createIncident as storeIncident } from '../../data/incidents';

/**
 * A user reports a problem, usually from an error message that carried a report id (002 §8).
 * 1. Look up the server-side error report of that id, if any, for its stack trace. A stack the
 *    browser caught is kept apart (`browserStackTrace`), resolved when an administrator opens it.
 * 2. Store the incident as OPEN under a new ULID.
 */
export async function createIncident(
  userId: string,
  input: CreateIncidentBody,
  now = Date.now(),
): Promise<{ incidentId: string }> {
  const report = input.reportId ? await getErrorReport(input.reportId) : undefined;
  const createdOn = new Date(now).toISOString();
  const incident: Incident = {
    incidentId: ulid(now),
    description: input.description,
    ...(input.reportId ? { reportId: input.reportId } : {}),
    ...(input.issueSummary ? { issueSummary: input.issueSummary } : {}),
    ...(input.userNotes ? { userNotes: input.userNotes } : {}),
    ...(report?.stack ? { stackTrace: report.stack } : {}),
    ...(input.browserStackTrace ? { browserStackTrace: input.browserStackTrace } : {}),
    incidentTime: report?.time || createdOn,
    status: 'OPEN',
    createdOn,
    createdBy: userId,
  };
  await storeIncident(incident);
  return { incidentId: incident.incidentId };
}
