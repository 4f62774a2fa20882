import type { AuditRecord } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import { listAudit } from '../../data/audit';
import { ForbiddenError } from '../../lib/errors';
import { loadVisibleModel, outcome } from '../models/model-access';

export const AUDIT_MESSAGES = {
  managersOnly: 'Only the managers of this model entry and super users may read its audit trail.',
} as const;

/**
 * The audit trail of an entry, newest first (issue 4 §7).
 * 1. Load the entry (404 when the caller may not see it).
 * 2. Managers (lead, steward, owners) and super users only (403), whatever the entry's state: the
 *    trail of a retired or read-only entry stays readable.
 * 3. One descending Query, `limit` records from `cursor` (the last id of the previous page).
 */
export async function listModelAudit(
  caller: User,
  uuid: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: AuditRecord[]; cursor?: string }> {
  const model = await loadVisibleModel(uuid, caller);
  if (outcome('manageAccess', caller, model) === 'disallowed') {
    throw new ForbiddenError(AUDIT_MESSAGES.managersOnly);
  }
  return listAudit(uuid, query.limit, query.cursor);
}
