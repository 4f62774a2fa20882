import type { User } from '@shared/schemas/user';
import { writeAudit } from '../../data/audit';
import { env } from '../../lib/env';
import { UnprocessableError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { loadModelFor } from '../models/model-access';
import { loadUsers } from '../models/model-users';
import { MailDeliveryError, sendEach } from '../notifications/send-mails';
import { shareMail } from './access-mails';

export const SHARE_MESSAGES = {
  unknownUsers: (ids: readonly string[]) => `These users were not found or are inactive: ${ids.join(', ')}.`,
  notSent: 'The e-mail could not be sent. Please try again later.',
} as const;

/**
 * 'Share Model Entry' (000 §4-§5, issue 4 §5): a message and the model link by e-mail.
 * 1. Authorize `share` (published entries; viewers, managers, super users).
 * 2. Every id must name an active user (422 naming the others; nothing is sent). Every user is
 *    enrolled in this product, so "unenrolled" users need no case of their own (docs/api.md).
 * 3. One mail per recipient, so no recipient learns who else got it; failures are counted.
 * 4. Nothing sent at all: 502. Otherwise the MODEL_SHARED audit record (detail: recipients mailed).
 */
export async function shareModel(
  caller: User,
  uuid: string,
  body: { userIds: string[]; message: string },
  now = Date.now(),
): Promise<{ recipients: number }> {
  const model = await loadModelFor('share', uuid, caller);
  const ids = [...new Set(body.userIds)];
  const users = await loadUsers(ids);
  const refused = ids.filter((id) => !users.get(id)?.active);
  if (refused.length > 0) {
    throw new UnprocessableError(
      SHARE_MESSAGES.unknownUsers(refused),
      refused.map((id) => ({ path: 'body.userIds', message: `User ${id} was not found.` })),
    );
  }
  const recipients = ids.map((id) => users.get(id)).filter((u): u is User => !!u?.email);
  const { sent } = await sendEach(
    recipients.map((to) =>
      shareMail({
        webUrl: env.webUrl,
        model: { uuid, name: model.name },
        sender: caller,
        to,
        message: body.message,
      }),
    ),
  );
  if (sent === 0) throw new MailDeliveryError(SHARE_MESSAGES.notSent);
  await writeAudit(
    { modelUuid: uuid, action: 'MODEL_SHARED', actor: caller.id, detail: `${sent} recipient(s)` },
    now,
  ).catch((error: unknown) => logger.error('Could not write the share audit record', { error }));
  return { recipients: sent };
}
