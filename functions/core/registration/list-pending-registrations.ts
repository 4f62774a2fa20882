import type { ExternalUser } from '@shared/schemas/external-user';
import type { PendingRegistration, PendingRegistrationList } from '@shared/schemas/registration';
import type { User } from '@shared/schemas/user';
import { listExternalUsersByStatus } from '../../data/external-users';
import { requireFlag } from '../admin/authorize';

/**
 * GET /v2/registrations/pending: the people who registered themselves with a valid code and wait for
 * an administrator (002 §2 "Registration review"), oldest request first so that nobody waits behind
 * newer ones. Who may see them is who may decide: the activateUser flag (issue 20 §7).
 */
export async function listPendingRegistrations(caller: User): Promise<PendingRegistrationList> {
  requireFlag(caller, 'activateUser');
  const pending = await listExternalUsersByStatus('PENDING_REVIEW');
  const items = pending.map(toPendingRegistration).sort(bySubmission);
  return { items, total: items.length };
}

export function toPendingRegistration(user: ExternalUser): PendingRegistration {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    externalUserType: user.externalUserType,
    // The page sends nothing without the ticked agreement, and a request only reaches this state
    // through it.
    consent: user.submittedAt !== undefined,
    ...(user.submittedAt ? { submittedAt: user.submittedAt } : {}),
    registeredBy: user.registeredBy,
    ...(user.registeredByName ? { registeredByName: user.registeredByName } : {}),
    accessEndsOn: user.accessEndsOn,
    modelAccesses: user.modelAccesses.map((a) => ({
      modelUuid: a.modelUuid,
      modelName: a.modelName,
      modelRole: a.modelRole,
      subModels: a.subModelIds.length,
    })),
  };
}

function bySubmission(a: PendingRegistration, b: PendingRegistration): number {
  const ka = `${a.submittedAt ?? ''}\u0000${a.email}`;
  const kb = `${b.submittedAt ?? ''}\u0000${b.email}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
