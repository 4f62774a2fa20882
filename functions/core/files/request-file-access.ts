import type { FileAccessRequestBody } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import { writeAudit } from '../../data/audit';
import { getModelFile } from '../../data/model-files';
import { env } from '../../lib/env';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { sendMail } from '../../lib/mailer';
import { logger } from '../../lib/observability';
import { activeUsers, managerIds } from '../access/model-people';
import { mayDownloadFile } from '../models/file-read-rules';
import { loadVisibleModel } from '../models/model-access';
import { fileAccessRequestMail } from './file-mails';
import { FILE_MANAGER_MESSAGES as M } from './file-messages';

/**
 * 'Request Access' on one file (000 §2, §5, §6).
 * 1. The caller may at least preview the entry (404 otherwise); the file must be one of its files.
 * 2. A caller who may download the file already gets 409; only internal users may ask (403).
 * 3. Mail the file owner and the managers (lead, steward, owners; active, with an e-mail, each once):
 *    who asks, the reasons joined with a line break, the details and the file grant link. A failed mail
 *    fails the request.
 * 4. Write the audit record FILE_ACCESS_REQUESTED (best effort: the mail went out).
 */
export async function requestFileAccess(
  caller: User,
  uuid: string,
  fileUuid: string,
  body: FileAccessRequestBody,
  now = Date.now(),
): Promise<{ recipients: number }> {
  const model = await loadVisibleModel(uuid, caller);
  const file = await getModelFile(uuid, fileUuid);
  if (!file || file.folder) throw new NotFoundError(M.fileNotFound);
  if (mayDownloadFile(caller, model, file)) throw new ConflictError(M.alreadyHasAccess);
  if (caller.userType !== 'INTERNALUSER') throw new ForbiddenError(M.requestNeedsInternalUser);

  const people = await activeUsers([file.owner.id, ...managerIds(model.roles)]);
  const to = [...new Set(people.map((u) => u.email).filter((email) => email.length > 0))];
  if (to.length === 0) throw new UnprocessableError(M.nobodyToAsk);
  await sendMail(
    fileAccessRequestMail({
      webUrl: env.webUrl,
      model,
      file,
      requester: caller,
      to,
      reasons: body.reasons,
      details: body.details,
    }),
  );
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
  return { recipients: to.length };
}
