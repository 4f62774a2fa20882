import { accessEndIssues, modelRefusal, utcDay } from '@shared/rules/external-registration';
import type {
  AccessReview,
  AccessReviewDecisionBody,
  EligibleModelList,
  ExternalUserList,
  ExternalUserOverview,
  ExternalUserSummary,
} from '@shared/schemas/external-user';
import type { ExternalUserStatus, User } from '@shared/schemas/user';
import { listExternalUsers, listExternalUsersByStatus, updateExternalUser } from '../../data/external-users';
import { listMemberships } from '../../data/memberships';
import { getModel } from '../../data/models';
import { listSubModels } from '../../data/sub-models';
import { ForbiddenError, UnprocessableError } from '../../lib/errors';
import { requireAdministrator, requireExternalization, requireFlag } from '../admin/authorize';
import { modelFacts } from './external-grants';
import {
  deactivateExternalUser,
  endExternalAccess,
  loadExternalUser,
  mayShareWithExternals,
  rejectExternalUser,
  toExternalUserSummary,
} from './external-user-lifecycle';

/**
 * The external user routes other than registration itself (issue 20 §2, §9). Who may do what
 * (002 §6 flags, from the one matrix in shared/rules/user-permissions.ts):
 * - the list, the overview, registering, regenerating a code, extending access: externalizationTabEnabled;
 * - Activate and Reject: activateUser; Deactivate: deactivateUser;
 * - the quarterly access review and its decisions: administrators.
 */

/** GET /v2/external-users: both list variants, by last name; `status` narrows to one status. */
export async function listExternalUsersFor(
  caller: User,
  query: { status?: ExternalUserStatus | undefined },
): Promise<ExternalUserList> {
  await requireExternalization(caller);
  const users = query.status ? await listExternalUsersByStatus(query.status) : await listExternalUsers();
  const items = users.map(toExternalUserSummary);
  return { items, total: items.length };
}

/**
 * GET /v2/external-users/{email}/overview: Registration Info and the Model Entries, Sub-models and
 * Roles Assigned of the User Overview modal. The sub-models are read now (a deleted one drops out).
 */
export async function getExternalUserOverview(caller: User, email: string): Promise<ExternalUserOverview> {
  await requireExternalization(caller);
  const user = await loadExternalUser(email);
  const subModelAccessRequests = (
    await Promise.all(
      user.modelAccesses
        .filter((a) => a.subModelIds.length > 0)
        .map(async (access) => {
          const wanted = new Set(access.subModelIds);
          const subModels = (await listSubModels(access.modelUuid)).filter((s) => wanted.has(s.id));
          return subModels.map((s) => ({
            modelUuid: access.modelUuid,
            subModelId: s.id,
            submodelType: s.type,
            name: s.name,
            createdBy: s.createdByName ?? s.createdBy,
            ...(s.modifiedOn ? { modifiedOn: s.modifiedOn } : {}),
          }));
        }),
    )
  ).flat();
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    status: user.status,
    registeredBy: user.registeredBy,
    ...(user.registeredByName ? { registeredByName: user.registeredByName } : {}),
    ...(user.activationDate ? { activationDate: user.activationDate } : {}),
    ...(user.deactivationDate ? { deactivationDate: user.deactivationDate } : {}),
    accessEndsOn: user.accessEndsOn,
    modelAccesses: user.modelAccesses.map((a) => ({
      modelUuid: a.modelUuid,
      modelName: a.modelName,
      modelRole: a.modelRole,
    })),
    subModelAccessRequests,
  };
}

/**
 * GET /v2/external-users/eligible-models: the wizard's step 1. The entries whose access the caller
 * manages (lead, steward, owner), each with the facts the rules need, why it cannot be chosen (THEOREM,
 * top sensitivity) and, on WebModel 2.0, its calibration and scenario sub-models for step 3.
 */
export async function listEligibleModels(caller: User): Promise<EligibleModelList> {
  await requireExternalization(caller);
  const memberships = await listMemberships(caller.id);
  const models = (await Promise.all(memberships.map((m) => getModel(m.modelUuid)))).filter(
    (m) =>
      m !== undefined && m.status !== 'DELETED' && m.status !== 'RETIRED' && mayShareWithExternals(caller, m),
  );
  const items = await Promise.all(
    models.map(async (model) => {
      // biome-ignore lint/style/noNonNullAssertion: filtered above
      const m = model!;
      const facts = modelFacts(m);
      const subModels =
        facts.platform === 'WebModel 2.0'
          ? (await listSubModels(m.uuid))
              .filter((s) => s.type === 'calibration' || s.type === 'scenario')
              .map((s) => ({
                id: s.id,
                name: s.name,
                type: s.type,
                createdBy: s.createdByName ?? s.createdBy,
                ...(s.modifiedOn ? { modifiedOn: s.modifiedOn } : {}),
              }))
          : [];
      // The refusal that holds for every external user type; HTA's own rule is the wizard's to apply.
      const refusal = modelRefusal(facts, 'VENDOR');
      return {
        uuid: m.uuid,
        name: m.name,
        ...(facts.platform ? { platform: facts.platform } : {}),
        ...(facts.classification ? { classification: facts.classification } : {}),
        theorem: facts.theorem,
        ...(refusal ? { refusal } : {}),
        subModels,
      };
    }),
  );
  items.sort((a, b) => a.name.localeCompare(b.name));
  return { items, total: items.length };
}

export async function deactivateExternalUserFor(caller: User, email: string): Promise<ExternalUserSummary> {
  requireFlag(caller, 'deactivateUser');
  return toExternalUserSummary(await deactivateExternalUser(caller, email));
}

export async function rejectExternalUserFor(
  caller: User,
  email: string,
  reason: string,
): Promise<ExternalUserSummary> {
  requireFlag(caller, 'activateUser');
  return toExternalUserSummary(await rejectExternalUser(email, { actor: caller.id, reason }));
}

/**
 * POST /v2/external-users/{email}/extend: a new last day of access, by the person who registered
 * the user or an administrator (issue 20 §9). The reminder goes again for the new date.
 */
export async function extendExternalAccess(
  caller: User,
  email: string,
  accessEndsOn: string,
  now = new Date(),
): Promise<ExternalUserSummary> {
  await requireExternalization(caller);
  const user = await loadExternalUser(email);
  if (user.registeredBy !== caller.id && caller.userType !== 'SUPERUSER') {
    throw new ForbiddenError(
      'Only the person who registered this user or an administrator may extend the access.',
    );
  }
  const issues = accessEndIssues(accessEndsOn, utcDay(now));
  if (issues.length > 0) {
    throw new UnprocessableError(
      issues[0]?.message ?? '',
      issues.map((i) => ({ ...i, path: `body.${i.path}` })),
    );
  }
  const { endReminderSentFor: _sent, ...rest } = user;
  const next = await updateExternalUser(
    { ...rest, accessEndsOn, modifiedOn: now.toISOString() },
    user.version,
    { actor: caller.id, action: 'EXTENDED', detail: `${user.accessEndsOn} → ${accessEndsOn}` },
  );
  return toExternalUserSummary(next);
}

/**
 * GET /v2/external-users/access-review: every external user who can reach something or may soon
 * (ACTIVE, PENDING_REVIEW, PENDING_REGISTRATION), what the code grants, since when, by whom.
 */
export async function getAccessReview(caller: User): Promise<AccessReview> {
  requireAdministrator(caller);
  const users = (await listExternalUsers()).filter((u) => u.status !== 'INACTIVE');
  const items = users.map((u) => ({
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    status: u.status,
    registeredBy: u.registeredBy,
    ...(u.registeredByName ? { registeredByName: u.registeredByName } : {}),
    ...(u.activationDate ? { activationDate: u.activationDate } : {}),
    accessEndsOn: u.accessEndsOn,
    ...(u.lastReviewedAt ? { lastReviewedAt: u.lastReviewedAt } : {}),
    modelAccesses: u.modelAccesses.map((a) => ({
      modelUuid: a.modelUuid,
      modelName: a.modelName,
      modelRole: a.modelRole,
      subModels: a.subModelIds.length,
    })),
  }));
  return { items, total: items.length };
}

/**
 * POST /v2/external-users/access-review: confirm (recorded with who and when) or revoke (access ends at
 * once: grants removed, account closed) each listed user. Decisions run one by one; each is its own
 * conditional write, so a person changed meanwhile fails alone (409) after the ones before stood.
 */
export async function decideAccessReview(
  caller: User,
  body: AccessReviewDecisionBody,
  now = new Date(),
): Promise<{ confirmed: number; revoked: number }> {
  requireAdministrator(caller);
  let confirmed = 0;
  let revoked = 0;
  for (const { email, decision } of body.decisions) {
    const user = await loadExternalUser(email);
    if (decision === 'confirm') {
      await updateExternalUser(
        {
          ...user,
          lastReviewedAt: now.toISOString(),
          lastReviewedBy: caller.id,
          modifiedOn: now.toISOString(),
        },
        user.version,
        { actor: caller.id, action: 'REVIEW_CONFIRMED' },
      );
      confirmed++;
    } else if (user.status !== 'INACTIVE') {
      await endExternalAccess(user, { actor: caller.id, reason: 'revoked' }, now);
      revoked++;
    }
  }
  return { confirmed, revoked };
}
