import type { ExternalUserSummary } from '@shared/schemas/external-user';
import type { User } from '@shared/schemas/user';
import { requireFlag } from '../admin/authorize';
import { loadExternalUser, reactivateExternalUser, toExternalUserSummary } from './external-user-lifecycle';
import { reviewRegistrations } from './review-registrations';

/**
 * POST /v2/external-users/{email}/activate (activateUser flag). Activate is enabled for PENDING_REVIEW
 * and INACTIVE (002 §4):
 * - PENDING_REVIEW is an approval, the very one of the registration review (the person's sign-in is
 *   created with its invitation, the code's grants applied, the approval mailed), so both screens
 *   approve the same way;
 * - INACTIVE after a deactivation, an expiry or a revoking review opens the account again and restores
 *   the grants (reactivateExternalUser).
 * Other statuses get the 409 of the action table.
 */
export async function activateExternalUser(caller: User, email: string): Promise<ExternalUserSummary> {
  requireFlag(caller, 'activateUser');
  const user = await loadExternalUser(email);
  if (user.status === 'PENDING_REVIEW') {
    await reviewRegistrations(caller, [{ email: user.email, approved: true }]);
    return toExternalUserSummary(await loadExternalUser(email));
  }
  return toExternalUserSummary(await reactivateExternalUser(caller, email));
}
