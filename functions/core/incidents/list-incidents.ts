import { MESSAGES } from '@shared/messages';
import { isAdministrator } from '@shared/rules/user-permissions';
import type { IncidentList } from '@shared/schemas/incident';
import type { User } from '@shared/schemas/user';
import { listIncidents as queryIncidents } from '../../data/incidents';
import { ForbiddenError } from '../../lib/errors';

const INCIDENT_LIST_MAX = 1000;

/**
 * The incident list of the Admin Space (002 §2). Stack traces are included: only administrators
 * get here.
 * 1. Refuse anyone but a super user (403).
 * 2. Query the incidents, newest first.
 */
export async function listIncidents(caller: User): Promise<IncidentList> {
  if (!isAdministrator(caller.userType)) throw new ForbiddenError(MESSAGES.noPermission);
  return { items: await queryIncidents(INCIDENT_LIST_MAX) };
}
