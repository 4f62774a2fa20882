import type { CallerFileNode, FileAccessList, FileShareBody } from '@shared/schemas/collaboration';
import type { UserSummary } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { auditPut } from '../../data/audit';
import { type ModelFileRecord, modelFileUpdate } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { runTransaction } from '../../data/transactions';
import { getUser, listUsersByType } from '../../data/users';
import { env } from '../../lib/env';
import { ConflictError, UnprocessableError } from '../../lib/errors';
import { sendMail } from '../../lib/mailer';
import { BUSINESS_EVENTS, countEvent, logger } from '../../lib/observability';
import { loadUsers, toUserSummary } from '../models/model-users';
import { toCallerFileNode } from './caller-access';
import { fileAccessGrantedMail } from './file-mails';
import { FILE_MANAGER_MESSAGES as M } from './file-messages';
import { loadFileFor } from './load-file';

/** Users who may be given access to a file (000 §7): active internal users. */
const isShareable = (user: User | undefined): user is User =>
  user?.active === true && user.userType === 'INTERNALUSER';

/** Owners may be internal or super users (employees), active. */
const mayOwn = (user: User | undefined): user is User =>
  user?.active === true && (user.userType === 'INTERNALUSER' || user.userType === 'SUPERUSER');

function refuse(message: string, path = 'body.userId'): never {
  throw new UnprocessableError(message, [{ path, message }]);
}

function refuseOnRetired(model: ModelRecord): void {
  if (model.status === 'RETIRED') throw new ConflictError(M.retired);
}

/**
 * The access list of a file ('Manage File Access'): its owner; `sharedWith`, the active users holding
 * file access; `candidates`, every other active internal user except the owner.
 */
async function accessList(file: ModelFileRecord): Promise<FileAccessList> {
  const [internal, people] = await Promise.all([
    listUsersByType('INTERNALUSER'),
    loadUsers([...file.userAccess, file.owner.id]),
  ]);
  const ownerRecord = people.get(file.owner.id);
  const shared = new Set(file.userAccess);
  const sharedWith = file.userAccess
    .map((id) => people.get(id))
    .filter((u): u is User => u?.active === true)
    .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`, 'en'))
    .map(toUserSummary);
  const candidates = internal
    .filter((u) => u.active && !shared.has(u.id) && u.id !== file.owner.id)
    .map(toUserSummary);
  const owner: UserSummary = ownerRecord
    ? toUserSummary(ownerRecord)
    : { ...file.owner, email: '', userType: 'INTERNALUSER' };
  return { fileUuid: file.uuid, fileName: file.name, owner, sharedWith, candidates };
}

/** GET .../files/{fileUuid}/access (the file owner and super users: those who may change it). */
export async function getFileAccess(caller: User, uuid: string, fileUuid: string): Promise<FileAccessList> {
  const { file } = await loadFileFor('manage', caller, uuid, fileUuid);
  return accessList(file);
}

/**
 * PUT .../files/{fileUuid}/access: grant (ACTIVE) or stop sharing (INACTIVE); also what a file grant
 * link calls.
 * 1. The caller is the file's owner or a super user (loadFileFor 'manage', 000 §6: the entry's
 *    managers may not open up someone else's file, 403); a retired entry cannot be changed (409).
 * 2. ACTIVE: the user must be an active internal user other than the owner (422). INACTIVE: any id.
 *    When nothing changes (already shared / not shared), nothing is written and nobody is mailed.
 * 3. One TransactWrite: the file item (conditional on its rev) and the audit record
 *    FILE_ACCESS_GRANTED / FILE_ACCESS_REMOVED.
 * 4. ACTIVE: mail the grantee 'File Access has been granted' with the link to the entry's files, best
 *    effort (a failed mail is logged; the grant stands).
 */
export async function setFileAccess(
  caller: User,
  uuid: string,
  fileUuid: string,
  body: FileShareBody,
  now = Date.now(),
): Promise<FileAccessList> {
  const { model, file } = await loadFileFor('manage', caller, uuid, fileUuid);
  refuseOnRetired(model);
  const holds = file.userAccess.includes(body.userId);
  if (body.status === 'INACTIVE') {
    if (!holds) return accessList(file);
    const next = { ...file, userAccess: file.userAccess.filter((id) => id !== body.userId) };
    await writeFileWithAudit(file, next, caller, 'FILE_ACCESS_REMOVED', body.userId, now);
    return accessList(next);
  }

  const grantee = await getUser(body.userId);
  if (!isShareable(grantee)) refuse(M.shareNeedsInternalUser);
  if (grantee.id === file.owner.id) refuse(M.ownerHasAccess);
  if (holds) return accessList(file);
  const next = { ...file, userAccess: [...file.userAccess, grantee.id] };
  await writeFileWithAudit(file, next, caller, 'FILE_ACCESS_GRANTED', grantee.id, now);
  countEvent(BUSINESS_EVENTS.accessGranted);
  await sendMail(
    fileAccessGrantedMail({ webUrl: env.webUrl, model, file, grantee, grantedBy: caller }),
  ).catch((error: unknown) =>
    logger.warn('Could not mail a file access grant', { uuid, fileUuid, grantee: grantee.id, error }),
  );
  return accessList(next);
}

/**
 * PUT .../files/{fileUuid}/owner: transfer the ownership of a file.
 * 1. The caller is the file's owner or a super user (403 otherwise, also for the entry's managers:
 *    they may not take over someone else's file); a retired entry cannot be changed (409).
 * 2. The new owner is an active internal (or super) user who does not own the file yet (422).
 * 3. One TransactWrite: the file item (conditional on its rev) and the audit record FILE_OWNER_CHANGED
 *    (detail: the previous owner). File access of other users is unchanged.
 */
export async function transferFileOwner(
  caller: User,
  uuid: string,
  fileUuid: string,
  body: { userId: string },
  now = Date.now(),
): Promise<CallerFileNode> {
  const { model, file } = await loadFileFor('manage', caller, uuid, fileUuid);
  refuseOnRetired(model);
  if (body.userId === file.owner.id) refuse(M.alreadyOwner);
  const owner = await getUser(body.userId);
  if (!mayOwn(owner)) refuse(M.ownerNeedsInternalUser);
  const next: ModelFileRecord = {
    ...file,
    owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
  };
  await writeFileWithAudit(file, next, caller, 'FILE_OWNER_CHANGED', owner.id, now, `from ${file.owner.id}`);
  return toCallerFileNode(caller, model, { ...next, rev: (file.rev ?? 0) + 1 });
}

async function writeFileWithAudit(
  before: ModelFileRecord,
  next: ModelFileRecord,
  caller: User,
  action: 'FILE_ACCESS_GRANTED' | 'FILE_ACCESS_REMOVED' | 'FILE_OWNER_CHANGED',
  subject: string,
  now: number,
  detail?: string,
): Promise<void> {
  await runTransaction([
    modelFileUpdate(next, before.rev ?? 0),
    auditPut(
      {
        modelUuid: before.modelUuid,
        action,
        actor: caller.id,
        fileUuid: before.uuid,
        fileName: before.name,
        subject,
        ...(detail ? { detail } : {}),
      },
      now,
    ),
  ]);
}
