import { ROLE_MESSAGES } from '@shared/rules/model-roles';
import type { GrantableRole } from '@shared/schemas/collaboration';
import type { UserSummary } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { auditPut } from '../../data/audit';
import { type ModelRecord, modelPut } from '../../data/models';
import { runTransaction } from '../../data/transactions';
import { getUser } from '../../data/users';
import { env } from '../../lib/env';
import { ForbiddenError, UnprocessableError } from '../../lib/errors';
import { sendMail } from '../../lib/mailer';
import { BUSINESS_EVENTS, countEvent, logger } from '../../lib/observability';
import { membershipChanges, membershipsOf, prepareRoles, throwIfIssues } from '../models/entry-rules';
import { loadVisibleModel, outcome, requireAction } from '../models/model-access';
import { toUserSummary } from '../models/model-users';
import { catalogueChange, nextRevision } from '../models/model-writes';
import { accessGrantedMail } from './access-mails';
import { planGrant } from './grant-rules';

export const GRANT_ACCESS_MESSAGES = {
  mayNotGrant: 'You may not grant access to this model entry.',
} as const;

export interface GrantResult {
  role: GrantableRole;
  user: UserSummary;
  changed: boolean;
}

/**
 * A manager opens a grant link (`/model/<uuid>/detail?role=<ROLE>&userId=<isid>`, issue 4 §4). The
 * link only names what to grant; the API decides with the caller's own rights.
 * 1. Load the entry (404 when the caller may not see it). Only managers (lead, steward, owners) and
 *    super users may grant (403); a retired entry cannot change (409), a read-only PNEU-insights or
 *    THEOREM entry neither (403), as for 'Update Permissions'.
 * 2. The grantee must be a known, active user (422 with the texts 'Update Permissions' gives for a
 *    new user who is unknown or inactive: one rule, one answer on both routes).
 * 3. Plan the grant (grant-rules.ts): platform roles, external users read-only, managers are not
 *    demoted, a role already held changes nothing (changed: false, no write).
 * 4. Check the new role set with the role rules of 'Update Permissions' (prepareRoles: HTA users,
 *    external users on THEOREM / Confidential entries...; 422).
 * 5. One TransactWrite: the model (conditional on its revision), the membership items that change,
 *    the catalogue change and the MODEL_ROLE_GRANTED audit record.
 * 6. Mail the grantee (best effort: the grant stands when the mail fails).
 */
export async function grantModelRole(
  caller: User,
  uuid: string,
  input: { role: GrantableRole; userId: string },
  now = new Date(),
): Promise<GrantResult> {
  const model = await loadVisibleModel(uuid, caller);
  authorizeGrant(caller, model);
  const grantee = await getUser(input.userId);
  if (!grantee?.active) {
    const message = grantee
      ? ROLE_MESSAGES.userInactive(input.userId)
      : ROLE_MESSAGES.userNotFound(input.userId);
    throw new UnprocessableError(message, [{ path: 'body.userId', message }]);
  }
  const result = { role: input.role, user: toUserSummary(grantee) };

  const plan = planGrant({
    roles: model.roles,
    role: input.role,
    grantee,
    platform: model.metadata.platform,
  });
  if (!plan.changed) return { ...result, changed: false };

  const { roles, issues } = await prepareRoles({
    caller,
    before: model.roles,
    requested: plan.roles,
    model: {
      ...(model.metadata.platform ? { platform: model.metadata.platform } : {}),
      ...(model.metadata.information_classification
        ? { classification: model.metadata.information_classification }
        : {}),
    },
  });
  throwIfIssues(issues);
  const next: ModelRecord = { ...nextRevision(model, caller.id, now), roles };
  await runTransaction([
    modelPut(next, model.rev),
    ...membershipChanges(
      membershipsOf(model.roles, model.createdBy, uuid),
      membershipsOf(roles, model.createdBy, uuid),
    ),
    catalogueChange(next),
    auditPut(
      {
        modelUuid: uuid,
        action: 'MODEL_ROLE_GRANTED',
        actor: caller.id,
        subject: grantee.id,
        detail: input.role,
      },
      now.getTime(),
    ),
  ]);
  countEvent(BUSINESS_EVENTS.accessGranted);

  if (grantee.email) await mailGrantee(caller, grantee, model, input.role);
  return { ...result, changed: true };
}

async function mailGrantee(caller: User, grantee: User, model: ModelRecord, role: GrantableRole) {
  await sendMail(
    accessGrantedMail({
      webUrl: env.webUrl,
      model: { uuid: model.uuid, name: model.name },
      grantee,
      grantedBy: caller,
      role,
    }),
  ).catch((error: unknown) => logger.warn('Could not mail the grantee', { error }));
}

/** Managers and super users only; then the entry's state, as for 'Update Permissions'. */
function authorizeGrant(caller: User, model: ModelRecord): void {
  if (outcome('manageAccess', caller, model) === 'disallowed') {
    throw new ForbiddenError(GRANT_ACCESS_MESSAGES.mayNotGrant);
  }
  requireAction('manageAccess', caller, model);
}
