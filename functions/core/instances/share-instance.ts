import { allMembers } from '@shared/rules/model-roles';
import { INSTANCE_API_MESSAGES as MSG, type ShareEntry } from '@shared/schemas/instance-api';
import type { ModelRole } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import {
  type ShareRequest,
  type ShareUser,
  shareCandidateProblem,
  shareCandidates,
} from '@shared/sub-models/sharing';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { modelRolesOf, subModelAccessProblem } from '@shared/sub-models/sub-model-access';
import {
  commitInstanceWrite,
  type InstanceRecord,
  listInstanceShares,
  type ShareRecord,
} from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { env } from '../../lib/env';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { loadUsers } from '../models/model-users';
import { sendEach } from '../notifications/send-mails';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { instanceOutcome, loadInstance, requireInstanceAction } from './instance-access';
import { applyLocalWrite, heldInstanceList } from './instance-list-cache';
import { instanceShareMail } from './instance-mails';
import { sharedWithOf } from './instance-view';

/**
 * Sharing an instance (spec 001 §2 share dialog, §4 "Sharing", §6): one user at a time, each share an
 * `INSTANCE#<id>` / `SHARE#<userId>` item (ACTIVE, or INACTIVE once stopped) and the user's id in the
 * instance's `sharedWith`, written in one transaction with the counter.
 */

/**
 * The role a user is listed with (ShareUser.ownershipType): the strongest they hold. The owners and the
 * calibration modeler come first (before the steward), so a user who holds one of them is listed with
 * it, which is what the calibration rule of §6 asks about.
 */
const OWNERSHIP_ORDER: readonly ModelRole[] = [
  'OWNER',
  'VESTLEAD',
  'CALIBRATORMODELER',
  'STEWARD',
  'SCENARIOMODELER',
  'VIEWER',
  'DISPLAYVIEWER',
];

/** `user` as the share picker sees them for an instance of a `type` sub-model. */
export function toShareUser(user: User, roles: ModelRecord['roles'], type: SubModelType): ShareUser {
  const held = modelRolesOf(user.id, roles);
  const ownershipType = OWNERSHIP_ORDER.find((r) => held.has(r));
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    ...(ownershipType ? { ownershipType } : {}),
    subModelAccess: subModelAccessProblem(held, type, user.userType === 'SUPERUSER') === undefined,
  };
}

const matches = (user: ShareUser, query: string | undefined) => {
  if (!query) return true;
  const q = query.trim().toLowerCase();
  return [
    user.id,
    user.email,
    `${user.firstName} ${user.lastName}`,
    `${user.lastName} ${user.firstName}`,
  ].some((field) => field.toLowerCase().includes(q));
};

async function loadForSharing(user: User, uuid: string, instanceId: string) {
  const model = await loadSubModelEntry(uuid, user);
  const record = await loadInstance(user, model, instanceId);
  return { model, record };
}

/**
 * GET .../share-candidates?query=: the people of the entry the instance may be shared with (§6, at
 * most 10): active users with a role on the entry and access to the instance's section (for a
 * calibration instance only calibration modelers and owners), not the caller, not the creator and not
 * already shared with; matched by id, e-mail or name.
 */
export async function listShareCandidates(
  user: User,
  uuid: string,
  instanceId: string,
  query: string | undefined,
): Promise<{ items: ShareUser[] }> {
  const { model, record } = await loadForSharing(user, uuid, instanceId);
  if (instanceOutcome('share', user, model, record) === 'disallowed')
    throw new ForbiddenError(MSG.shareDenied);
  const shared = new Set(record.sharedWith);
  const ids = [...allMembers(model.roles)].filter(
    (id) => id !== user.id && id !== record.createdBy && !shared.has(id),
  );
  const users = [...(await loadUsers(ids)).values()].filter((u) => u.active);
  const candidates = shareCandidates(
    users.map((u) => toShareUser(u, model.roles, record.type)),
    record.type,
  )
    .filter((u) => matches(u, query))
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
        a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) ||
        a.id.localeCompare(b.id),
    );
  return { items: candidates.slice(0, SUB_MODEL_LIMITS.shareUserSearchLimit) };
}

/** Writes the instance's new share list with the share item and the counter. */
async function writeShare(read: InstanceRecord, share: ShareRecord): Promise<InstanceRecord> {
  const others = read.sharedWith.filter((id) => id !== share.userId);
  const next: InstanceRecord = {
    ...read,
    sharedWith: share.status === 'ACTIVE' ? [...others, share.userId] : others,
    // Sharing does not change the scenario: `modifiedOn` stays, the rev moves.
    rev: read.rev + 1,
  };
  const before = heldInstanceList(read.modelUuid);
  await commitInstanceWrite({
    uuid: read.modelUuid,
    put: [{ record: next, read }],
    putShares: [{ instanceId: read.id, share }],
  });
  await applyLocalWrite(read.modelUuid, before, { upsert: [next] });
  return next;
}

const withShare = (shares: readonly ShareRecord[], share: ShareRecord) => [
  ...shares.filter((s) => s.userId !== share.userId),
  share,
];

/**
 * POST .../share: shares the instance with one user and sends them the message (§2, §5, §6).
 * 1. The caller may share the instance (403; a retired entry 409).
 * 2. The user must not be the caller (422), must be active (422) and have access to the instance's
 *    sub-model (422 'Selected User doesn't have the access to this Sub Model. Please contact Model Owner
 *    to grant access to the Sub Model.'; for a calibration instance calibration modelers and owners).
 * 3. The share (ACTIVE) in one transaction with the instance's list and the counter; sharing again
 *    renews it.
 * 4. The e-mail, one recipient; if it fails the share stays and the answer says `emailSent: false`.
 */
export async function shareInstance(
  user: User,
  uuid: string,
  instanceId: string,
  body: ShareRequest,
  now = new Date(),
): Promise<{ sharedWith: ShareEntry[]; emailSent: boolean }> {
  const { model, record } = await loadForSharing(user, uuid, instanceId);
  requireInstanceAction('share', user, model, record);
  const targetId = body.isids[0] as string;
  const issue = (message: string) => new UnprocessableError(message, [{ path: 'body.isids', message }]);
  if (targetId === user.id) throw issue(MSG.shareSelf);
  const target = (await loadUsers([targetId])).get(targetId);
  if (!target?.active) throw issue(MSG.shareUnknownUser(targetId));
  if (target.userType !== 'SUPERUSER') {
    const problem = shareCandidateProblem(toShareUser(target, model.roles, record.type), record.type);
    if (problem) throw issue(problem);
  }

  const stamp = now.toISOString();
  const shares = await listInstanceShares(record.id);
  const share: ShareRecord = {
    userId: targetId,
    status: 'ACTIVE',
    sharedBy: user.id,
    sharedOn: stamp,
    modifiedOn: stamp,
  };
  await writeShare(record, share);
  const { sent } = await sendEach([
    instanceShareMail({
      webUrl: env.webUrl,
      model: { uuid, name: model.name },
      instance: { id: record.id, name: record.name },
      sender: user,
      to: target,
      message: body.messageText,
    }),
  ]);
  if (sent === 0) logger.warn(MSG.shareMailNotSent, { uuid, instanceId });
  return { sharedWith: await sharedWithOf(withShare(shares, share)), emailSent: sent > 0 };
}

/**
 * PUT .../share/{userId} { status: 'INACTIVE' }: 'Stop Sharing' (§2, §4). The caller may share the
 * instance; the user must have an ACTIVE share (404 otherwise). The share becomes INACTIVE and leaves
 * the instance's list, with the counter, in one transaction.
 */
export async function stopSharing(
  user: User,
  uuid: string,
  instanceId: string,
  userId: string,
  now = new Date(),
): Promise<{ sharedWith: ShareEntry[] }> {
  const { model, record } = await loadForSharing(user, uuid, instanceId);
  requireInstanceAction('share', user, model, record);
  const shares = await listInstanceShares(record.id);
  const active = shares.find((s) => s.userId === userId && s.status === 'ACTIVE');
  if (!active) throw new NotFoundError(MSG.notShared(userId));
  const share: ShareRecord = { ...active, status: 'INACTIVE', modifiedOn: now.toISOString() };
  await writeShare(record, share);
  return { sharedWith: await sharedWithOf(withShare(shares, share)) };
}
