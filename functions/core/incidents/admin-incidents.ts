import type {
  AdminIncident,
  AdminIncidentList,
  AdminIncidentListQuery,
  Incident,
  IncidentDetail,
} from '@shared/schemas/incident';
import type { User } from '@shared/schemas/user';
import { fullName } from '@shared/schemas/user';
import { getIncident, listIncidents } from '../../data/incidents';
import { getUsers } from '../../data/users';
import { readWebSourceMap } from '../../data/web-source-maps';
import { NotFoundError } from '../../lib/errors';
import { requireAdministrator } from '../admin/authorize';
import { resolveBrowserStack } from './resolve-stack';
import { INCIDENT_NOT_FOUND } from './update-incident';

/** The grid pages on the client (002 §9 page sizes); more incidents than this are not kept open. */
export const ADMIN_INCIDENT_LIST_MAX = 1000;

/** Does the grid's search term occur in one of the columns the grid shows (case-insensitive)? */
export function incidentMatches(incident: Incident, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [
    incident.incidentId,
    incident.issueSummary ?? incident.description,
    incident.description,
    incident.createdBy,
    incident.modifiedBy,
    incident.status,
  ].some((value) => value?.toLowerCase().includes(needle));
}

/**
 * GET /v2/admin/incidents (002 §2 'Incident list'): newest first, filtered by the search box.
 * 1. Administrators only (403).
 * 2. Query the newest incidents (GSI1, one partition) and keep those matching the search.
 */
export async function listAdminIncidents(
  caller: User,
  query: AdminIncidentListQuery,
): Promise<AdminIncidentList> {
  requireAdministrator(caller);
  const matching = (await listIncidents(ADMIN_INCIDENT_LIST_MAX)).filter((i) =>
    incidentMatches(i, query.search ?? ''),
  );
  const items = await withCreators(matching);
  return { items, total: items.length };
}

/** Each incident with its creator's name and e-mail (one BatchGet for the distinct creators). */
async function withCreators(incidents: Incident[]): Promise<AdminIncident[]> {
  const users = new Map((await getUsers(new Set(incidents.map((i) => i.createdBy)))).map((u) => [u.id, u]));
  return incidents.map((incident) => {
    const creator = users.get(incident.createdBy);
    return creator
      ? { ...incident, createdByName: fullName(creator), createdByEmail: creator.email }
      : incident;
  });
}

/** Resolves a browser stack trace to original files and lines, or answers undefined. */
export type StackResolver = (stack: string) => Promise<string | undefined>;

const resolveWithDeployedMaps: StackResolver = (stack) => resolveBrowserStack(stack, readWebSourceMap);

/**
 * GET /v2/admin/incidents/{id}: the incident with its worklog, and the stack the browser reported
 * resolved through the web build's source maps.
 * 1. Administrators only (403); an unknown id is 404.
 * 2. Resolve the stack (a failure to resolve leaves the raw stack, which is always answered).
 */
export async function getAdminIncident(
  caller: User,
  incidentId: string,
  resolveStack: StackResolver = resolveWithDeployedMaps,
): Promise<IncidentDetail> {
  requireAdministrator(caller);
  const incident = await getIncident(incidentId);
  if (!incident) throw new NotFoundError(INCIDENT_NOT_FOUND);
  // A map that cannot be read leaves the raw stack: the incident itself must still open.
  const [withCreator] = await withCreators([incident]);
  const resolved = incident.browserStackTrace
    ? await resolveStack(incident.browserStackTrace).catch(() => undefined)
    : undefined;
  return { ...(withCreator ?? incident), ...(resolved ? { resolvedStackTrace: resolved } : {}) };
}
