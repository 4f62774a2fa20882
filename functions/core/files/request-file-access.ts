import type { FileAccessRequestBody } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import { writeAudit } from '../../data/audit';
import { releaseFileAccessRequest, reserveFileAccessRequest } from '../../data/file-access-requests';
import { getModelFile } from '../../data/model-files';
import { listUsersByType } from '../../data/users';
import { env } from '../../lib/env';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { type AccessRequestDelivery, deliverAccessRequest } from '../access/deliver-access-request';
import { entryFilesDecision, fileDownloadDecision } from '../models/file-read-rules';
import { loadVisibleModel } from '../models/model-access';
import { activeUsers } from '../models/model-people';
import { fileAccessRequestMail } from './file-mails';
import { FILE_MANAGER_MESSAGES as M } from './file-messages';

/**
 * 'Request Access' on one file (000 §2, §5, §6).
 * 1. The caller may at least preview the entry (404 otherwise). The download decision answers the rest,
 *    the same one the download route takes (fileDownloadDecision), so the caller is never told "you
 *    have access" and then refused the download:
 *    - no access to the entry's files (preview only, modelers): 403, model access comes first;
 *    - the file must be one of the entry's (404);
 *    - missing THEOREM accesses: 403 naming them (a super user sets them, not the file owner);
 *    - allowed already: 409; refused by the file rule: the request goes on.
 * 2. Only internal users may ask (403).
 * 3. Find who may grant: the file owner (active, with an e-mail), else the active super users;
 *    nobody → 422.
 * 4. Reserve the caller's request slot for this file: one per 10 minutes, as for model access (409).
 * 5. Mail them: who asks, the reasons joined with a line break, the details and the file grant link.
 *    When the mail fails, they are notified in the app and the answer says the mail was not sent
 *    (deliverAccessRequest); when that fails too, the slot is freed and the request fails.
 * 6. Write the audit record FILE_ACCESS_REQUESTED (best effort: they were already told).
 */
export async function requestFileAccess(
  caller: User,
  uuid: string,
  fileUuid: string,
  body: FileAccessRequestBody,
  now = Date.now(),
): Promise<{ recipients: number } & AccessRequestDelivery> {
  const model = await loadVisibleModel(uuid, caller);
  const entry = entryFilesDecision(caller, model);
  if (!entry.allowed) throw new ForbiddenError(entry.message);
  const file = await getModelFile(uuid, fileUuid);
  if (!file || file.folder) throw new NotFoundError(M.fileNotFound);
  const decision = fileDownloadDecision(caller, model, file);
  if (decision.allowed) throw new ConflictError(M.alreadyHasAccess);
  if (decision.refusal !== 'file') throw new ForbiddenError(decision.message);
  if (caller.userType !== 'INTERNALUSER') throw new ForbiddenError(M.requestNeedsInternalUser);

  const to = await fileRequestRecipients(file.owner.id);
  if (to.length === 0) throw new UnprocessableError(M.nobodyToAsk);

  await reserveFileAccessRequest(uuid, fileUuid, caller.id, now);
  let delivery: AccessRequestDelivery;
  try {
    delivery = await deliverAccessRequest(
      {
        mail: fileAccessRequestMail({
          webUrl: env.webUrl,
          model,
          file,
          requester: caller,
          to: to.map((u) => u.email),
          reasons: body.reasons,
          details: body.details,
        }),
        recipientIds: to.map((u) => u.id),
        requester: caller,
        model,
      },
      now,
    );
  } catch (error) {
    await releaseFileAccessRequest(uuid, fileUuid, caller.id).catch((e: unknown) =>
      logger.warn('Could not free the file access-request slot', { error: e }),
    );
    throw error;
  }
  await writeAudit(
    {
      modelUuid: uuid,
      action: 'FILE_ACCESS_REQUESTED',
      actor: caller.id,
      fileUuid,
      fileName: file.name,
      detail: body.reasons.join('; ').slice(0, 500),
    },
    now,
  ).catch((error: unknown) =>
    logger.error('Could not write the file access-request audit record', { error }),
  );
  return { recipients: to.length, ...delivery };
}

/**
 * Who is asked: the file owner, the one person besides super users who may share a file (issue 9
 * item 1, 000 §6 'File owners can manage file access'); when the owner is inactive or has no e-mail,
 * the active super users, so a request never goes to someone who could not grant it.
 */
async function fileRequestRecipients(ownerId: string): Promise<{ id: string; email: string }[]> {
  const [owner] = await activeUsers([ownerId]);
  if (owner?.email) return [{ id: owner.id, email: owner.email }];
  const admins = (await listUsersByType('SUPERUSER')).filter((u) => u.active && u.email);
  const byEmail = new Map(admins.map((u) => [u.email, { id: u.id, email: u.email }]));
  return [...byEmail.values()];
}
