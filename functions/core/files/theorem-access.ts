import type { TheoremFlags } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { auditPut } from '../../data/audit';
import { type ModelRecord, modelPut } from '../../data/models';
import { runTransaction } from '../../data/transactions';
import { getUser } from '../../data/users';
import { ConflictError, ForbiddenError, UnprocessableError } from '../../lib/errors';
import { loadVisibleModel } from '../models/model-access';
import { nextRevision } from '../models/model-writes';

export const THEOREM_MESSAGES = {
  superUsersOnly: 'Only super users can set THEOREM access.',
  oncologyOnly: 'THEOREM access can only be set on Oncology (THEOREM) model entries.',
  unknownUser: (id: string) => `User ${id} was not found.`,
  retired: 'A retired model entry cannot be changed.',
} as const;

/**
 * PUT /v2/models/{uuid}/theorem-access/{userId}: one user's four THEOREM flags on an entry.
 * 1. The caller is a super user (403; 404 as usual for entries the caller may not see).
 * 2. The entry is an Oncology (THEOREM) entry and not retired; the user exists (422 / 409).
 * 3. Write the model item with the user's flags, conditional on the revision read (409 when stale).
 *    The catalogue projection does not hold THEOREM flags, so no catalogue change is written; the
 *    THEOREM_ACCESS_SET audit record (the four flags as detail) is part of the same transaction.
 */
export async function setTheoremAccess(
  caller: User,
  uuid: string,
  userId: string,
  flags: TheoremFlags,
  now = new Date(),
): Promise<TheoremFlags> {
  const model = await loadVisibleModel(uuid, caller);
  if (caller.userType !== 'SUPERUSER') throw new ForbiddenError(THEOREM_MESSAGES.superUsersOnly);
  if (model.metadata.platform !== 'Oncology') {
    throw new UnprocessableError(THEOREM_MESSAGES.oncologyOnly, [
      { path: 'path.uuid', message: THEOREM_MESSAGES.oncologyOnly },
    ]);
  }
  if (model.status === 'RETIRED') throw new ConflictError(THEOREM_MESSAGES.retired);
  if (!(await getUser(userId))) {
    const message = THEOREM_MESSAGES.unknownUser(userId);
    throw new UnprocessableError(message, [{ path: 'path.userId', message }]);
  }
  const next: ModelRecord = {
    ...nextRevision(model, caller.id, now),
    theoremAccess: { ...(model.theoremAccess ?? {}), [userId]: flags },
  };
  await runTransaction([
    modelPut(next, model.rev),
    auditPut(
      {
        modelUuid: uuid,
        action: 'THEOREM_ACCESS_SET',
        actor: caller.id,
        subject: userId,
        detail: Object.entries(flags)
          .map(([flag, value]) => `${flag}=${value}`)
          .join(', '),
      },
      now.getTime(),
    ),
  ]);
  return flags;
}
