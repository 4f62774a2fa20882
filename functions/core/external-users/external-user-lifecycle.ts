import {
  accessEndIssues,
  defaultAccessEndsOn,
  effectiveSubModelIds,
  externalUserInfoIssues,
  modelSelectionIssues,
  utcDay,
} from '@shared/rules/external-registration';
import {
  EXTERNAL_USER_MESSAGES,
  type ExternalUserAction,
  isExternalActionEnabled,
} from '@shared/rules/external-user-status';
import type {
  CreateExternalUserBody,
  ExternalModelAccess,
  ExternalUser,
  ExternalUserCreated,
  ExternalUserSummary,
} from '@shared/schemas/external-user';
import { fullName, type User } from '@shared/schemas/user';
import {
  createExternalUser,
  type ExternalUserAuditAction,
  getExternalUser,
  updateExternalUser,
} from '../../data/external-users';
import { getModel, type ModelRecord } from '../../data/models';
import { getUser, putUser } from '../../data/users';
import { env } from '../../lib/env';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { sendMail } from '../../lib/mailer';
import { getAppSettings } from '../settings/get-app-settings';
import {
  assignableSubModelIds,
  modelFacts,
  planExternalGrants,
  removeExternalGrants,
  withFreshPlan,
} from './external-grants';
import { registrationCodeMail } from './external-user-mails';
import { newRegistrationCode } from './registration-code';

/**
 * What happens to an external user between registration and the end of access (002 §4; issue 20 §2,
 * §9). Each step reads the person, checks the §4 action table on the status it read, and writes the
 * new state with its audit record conditional on the version it read, so two administrators acting at
 * once cannot both win. Grants on models are applied at approval (and at re-activation after they
 * were removed), never before.
 */

export function toExternalUserSummary(user: ExternalUser): ExternalUserSummary {
  const code = user.registrationCode;
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    externalUserType: user.externalUserType,
    status: user.status,
    registeredBy: user.registeredBy,
    ...(user.registeredByName ? { registeredByName: user.registeredByName } : {}),
    accessEndsOn: user.accessEndsOn,
    createdOn: user.createdOn,
    ...(code && !code.usedAt && user.status === 'PENDING_REGISTRATION'
      ? { codeExpiresAt: code.expiresAt }
      : {}),
  };
}

export async function loadExternalUser(email: string): Promise<ExternalUser> {
  const user = await getExternalUser(email);
  if (!user) throw new NotFoundError(EXTERNAL_USER_MESSAGES.notFound);
  return user;
}

function requireAction(user: ExternalUser, action: ExternalUserAction): void {
  if (!isExternalActionEnabled(action, user.status)) {
    throw new ConflictError(EXTERNAL_USER_MESSAGES.notAllowed(action, user.status));
  }
}

/**
 * Who may carry a model to an external person: the people who manage its access (lead, steward,
 * owners) and super users, as for every other grant (grant-model-role.ts).
 */
export function mayShareWithExternals(caller: User, model: ModelRecord): boolean {
  return (
    caller.userType === 'SUPERUSER' ||
    model.roles.vestLead === caller.id ||
    model.roles.steward === caller.id ||
    model.roles.owners.includes(caller.id)
  );
}

/**
 * Checks the wizard's request on today's facts (002 §5): the info rules with the company domains of
 * the settings; each model read from the table (the caller must manage its access) (unknown, retired or deleted: 422) with its platform,
 * classification, THEOREM flag and sub-models; the end date. Answers the model accesses to store.
 */
async function checkedAccesses(
  caller: User,
  body: CreateExternalUserBody,
  now: Date,
): Promise<ExternalModelAccess[]> {
  const settings = await getAppSettings();
  const issues = externalUserInfoIssues(body, settings.companyEmailDomains);
  const uuids = body.modelAccesses.map((a) => a.modelUuid);
  if (new Set(uuids).size !== uuids.length) {
    issues.push({ path: 'modelAccesses', message: 'A model is selected more than once.' });
  }
  const models = await Promise.all(uuids.map((uuid) => getModel(uuid)));
  const selected = await Promise.all(
    body.modelAccesses.map(async (access, index) => {
      const model = models[index];
      if (!model || model.status === 'DELETED' || model.status === 'RETIRED') {
        issues.push({
          path: `modelAccesses.${index}.modelUuid`,
          message: `Model ${access.modelUuid} not found.`,
        });
        return undefined;
      }
      if (!mayShareWithExternals(caller, model)) {
        issues.push({
          path: `modelAccesses.${index}.modelUuid`,
          message: EXTERNAL_USER_MESSAGES.mayNotGrant(model.name),
        });
        return undefined;
      }
      const all = model.metadata.platform === 'WebModel 2.0' ? await assignableSubModelIds(model.uuid) : [];
      return { model, all, access };
    }),
  );
  const found = selected.filter((s) => s !== undefined);
  issues.push(
    ...modelSelectionIssues(
      found.map(({ model, all, access }) => ({
        ...modelFacts(model),
        uuid: model.uuid,
        role: access.modelRole,
        subModelIds: access.subModelIds ?? [],
        allSubModelIds: all,
      })),
      body.externalUserType,
    ),
  );
  if (body.accessEndsOn) issues.push(...accessEndIssues(body.accessEndsOn, utcDay(now)));
  if (issues.length > 0) {
    throw new UnprocessableError(
      issues[0]?.message ?? 'The registration is not valid.',
      issues.map((i) => ({ ...i, path: `body.${i.path}` })),
    );
  }
  return found.map(({ model, all, access }) => ({
    modelUuid: model.uuid,
    modelName: model.name,
    modelRole: access.modelRole,
    ...(model.metadata.platform ? { platform: model.metadata.platform } : {}),
    subModelIds:
      model.metadata.platform === 'WebModel 2.0'
        ? effectiveSubModelIds(access.modelRole, access.subModelIds ?? [], all)
        : [],
  }));
}

/**
 * POST /v2/external-users: the wizard's Generate (issue 20 §2).
 * 1. Check the request on today's facts (checkedAccesses).
 * 2. Create the person PENDING_REGISTRATION with a fresh code's hash. A person known already is
 *    registered again when Regenerate Code allows it (not ACTIVE: 409 then): the list's Regenerate
 *    Code opens this wizard with their names (002 §2), and Generate replaces their details and
 *    accesses and their code (the old one is void at once), conditional on the version read.
 * 3. Mail the code. If the mail fails the person stays registered; 'Regenerate Code' sends a new one.
 */
export async function registerExternalUser(
  caller: User,
  body: CreateExternalUserBody,
  now = new Date(),
): Promise<ExternalUserCreated> {
  const modelAccesses = await checkedAccesses(caller, body, now);
  const { code, record } = newRegistrationCode(now);
  const at = now.toISOString();
  const user: ExternalUser = {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    externalUserType: body.externalUserType,
    ...(body.externalUserType === 'VENDOR' && body.purchaseOrderId
      ? { purchaseOrderId: body.purchaseOrderId }
      : {}),
    ...(body.externalUserType === 'OTHER' && body.requestInfo ? { requestInfo: body.requestInfo } : {}),
    status: 'PENDING_REGISTRATION',
    modelAccesses,
    accessEndsOn: body.accessEndsOn ?? defaultAccessEndsOn(utcDay(now)),
    registeredBy: caller.id,
    registeredByName: fullName(caller),
    registrationCode: record,
    createdOn: at,
    modifiedOn: at,
    version: 0,
  };
  const detail = modelAccesses.map((a) => `${a.modelName}: ${a.modelRole}`).join('; ');
  const known = await getExternalUser(body.email);
  let saved = user;
  if (known) {
    requireAction(known, 'regenerateCode');
    saved = await updateExternalUser(
      { ...user, createdOn: known.createdOn, ...(known.userId ? { userId: known.userId } : {}) },
      known.version,
      {
        actor: caller.id,
        action: 'CODE_REGENERATED',
        before: known.status,
        after: 'PENDING_REGISTRATION',
        detail,
      },
    );
  } else {
    await createExternalUser(user, {
      actor: caller.id,
      action: 'REGISTERED',
      after: 'PENDING_REGISTRATION',
      detail,
    });
  }
  await sendMail(
    registrationCodeMail({
      webUrl: env.webUrl,
      user,
      code,
      expiresAt: record.expiresAt,
      registeredByName: fullName(caller),
    }),
  );
  return { user: toExternalUserSummary(saved), message: EXTERNAL_USER_MESSAGES.codeEmailed };
}

/**
 * Approval (the registration review's Accept and the admin list's Activate of a PENDING_REVIEW
 * person), after the caller created the person's user record and sign-in: grants what the code
 * carries (grantsToApply) and makes the person ACTIVE with the activation date.
 */
export async function approveExternalUser(
  email: string,
  input: { actor: string; userId: string },
  now = new Date(),
): Promise<ExternalUser> {
  // The grants and the status change are one transaction: an approval is all done or not at all.
  return withFreshPlan(async () => {
    const user = await loadExternalUser(email);
    if (user.status !== 'PENDING_REVIEW') {
      throw new ConflictError(EXTERNAL_USER_MESSAGES.notAllowed('activate', user.status));
    }
    const grants = await planExternalGrants(
      user.modelAccesses,
      { userId: input.userId, externalUserType: user.externalUserType },
      input.actor,
      now,
    );
    return updateExternalUser(
      {
        ...user,
        status: 'ACTIVE',
        userId: input.userId,
        activationDate: now.toISOString(),
        modifiedOn: now.toISOString(),
      },
      user.version,
      { actor: input.actor, action: 'APPROVED', before: user.status, after: 'ACTIVE' },
      grants.items,
    );
  });
}

/** Rejection of a PENDING_REVIEW person: INACTIVE with the reason; nothing was or is granted. */
export async function rejectExternalUser(
  email: string,
  input: { actor: string; reason: string },
  now = new Date(),
): Promise<ExternalUser> {
  const user = await loadExternalUser(email);
  requireAction(user, 'reject');
  return updateExternalUser(
    {
      ...user,
      status: 'INACTIVE',
      inactiveReason: 'rejected',
      rejectionReason: input.reason,
      deactivationDate: now.toISOString(),
      modifiedOn: now.toISOString(),
    },
    user.version,
    { actor: input.actor, action: 'REJECTED', before: user.status, after: 'INACTIVE', detail: input.reason },
  );
}

/**
 * Deactivation of an ACTIVE person: INACTIVE at once (the users-table record goes inactive, so the
 * authorizer refuses their next call) while the grants stay on the models, so Activate restores them.
 */
export async function deactivateExternalUser(
  caller: User,
  email: string,
  now = new Date(),
): Promise<ExternalUser> {
  const user = await loadExternalUser(email);
  requireAction(user, 'deactivate');
  await setAccountActive(user, false);
  return updateExternalUser(
    {
      ...user,
      status: 'INACTIVE',
      inactiveReason: 'deactivated',
      deactivationDate: now.toISOString(),
      modifiedOn: now.toISOString(),
    },
    user.version,
    { actor: caller.id, action: 'DEACTIVATED', before: user.status, after: 'INACTIVE' },
  );
}

/**
 * Re-activation of an INACTIVE person who was approved before: the account opens again and the code's
 * grants are applied again (an expiry or a revoking review removed them; otherwise nothing changes).
 * A person whose access has ended needs a new end date first ('Extend Access'), and one who was
 * never approved needs a new code (409 with the reason).
 */
export async function reactivateExternalUser(
  caller: User,
  email: string,
  now = new Date(),
): Promise<ExternalUser> {
  const user = await loadExternalUser(email);
  requireAction(user, 'activate');
  if (!user.userId) {
    throw new ConflictError(
      `${user.email} has never been approved: regenerate the registration code so they can register again.`,
    );
  }
  if (user.accessEndsOn < utcDay(now)) {
    throw new ConflictError(`The access of ${user.email} ended on ${user.accessEndsOn}: extend it first.`);
  }
  const userId = user.userId;
  await setAccountActive(user, true);
  // The grants and the status change are one transaction, planned again if an entry moved meanwhile.
  return withFreshPlan(async () => {
    const current = await loadExternalUser(email);
    requireAction(current, 'activate');
    const grants = await planExternalGrants(
      current.modelAccesses,
      { userId, externalUserType: current.externalUserType },
      caller.id,
      now,
    );
    const { inactiveReason: _reason, deactivationDate: _date, ...rest } = current;
    return updateExternalUser(
      { ...rest, status: 'ACTIVE', activationDate: now.toISOString(), modifiedOn: now.toISOString() },
      current.version,
      { actor: caller.id, action: 'ACTIVATED', before: current.status, after: 'ACTIVE' },
      grants.items,
    );
  });
}

/** Opens or closes the person's users-table record (what the authorizer checks on every call). */
async function setAccountActive(user: ExternalUser, active: boolean): Promise<void> {
  if (!user.userId) return;
  const account = await getUser(user.userId);
  if (!account || account.active === active) return;
  await putUser({ ...account, active, status: active ? 'ACTIVE' : 'INACTIVE' });
}

/**
 * Ends a person's access (the end date passed, or an access review revoked it): the code's grants
 * are removed from the models, the account is closed and the person becomes INACTIVE. Only the
 * registering side can give access again (Extend Access, then Activate).
 */
export async function endExternalAccess(
  user: ExternalUser,
  input: { actor: string; reason: 'expired' | 'revoked' },
  now = new Date(),
): Promise<ExternalUser> {
  if (user.userId) await removeExternalGrants(user.modelAccesses, user.userId, input.actor, now);
  await setAccountActive(user, false);
  const action: ExternalUserAuditAction = input.reason === 'expired' ? 'EXPIRED' : 'REVIEW_REVOKED';
  const unused = user.registrationCode && !user.registrationCode.usedAt;
  return updateExternalUser(
    {
      ...user,
      status: 'INACTIVE',
      inactiveReason: input.reason,
      deactivationDate: now.toISOString(),
      modifiedOn: now.toISOString(),
      // A code that was never used dies with the access it would have opened.
      ...(unused && user.registrationCode
        ? { registrationCode: { ...user.registrationCode, expiresAt: now.toISOString() } }
        : {}),
    },
    user.version,
    { actor: input.actor, action, before: user.status, after: 'INACTIVE' },
  );
}
