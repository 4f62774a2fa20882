import type { ModelAccessRequestBody } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import { writeAudit } from '../../data/audit';
import { releaseModelAccessRequest, reserveModelAccessRequest } from '../../data/model-access-requests';
import type { ModelRecord } from '../../data/models';
import { env } from '../../lib/env';
import { ConflictError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { loadVisibleModel, outcome, requireAction } from '../models/model-access';
import { activeUsers, managerIds } from '../models/model-people';
import { modelAccessRequestMail } from './access-mails';
import { type AccessRequestDelivery, deliverAccessRequest } from './deliver-access-request';

export const ACCESS_MESSAGES = {
  alreadyHasAccess: 'You already have access to this model entry.',
  noManager: 'No manager of this model entry can be reached by e-mail. Please contact support.',
} as const;

/** The audit detail of a request: its reasons (the details stay in the mail). */
const AUDIT_DETAIL_MAX = 500;

/**
 * 'Request Access' on a model entry (000 §4-§5, issue 4 §3).
 * 1. Load the entry (404 when the caller may not even preview it) and check `requestAccess` with the
 *    permission module: a caller who can already view gets 409, anyone else refused 403/409.
 * 2. Find the managers (lead, steward, owners) with an active account (409 when there is none).
 * 3. Reserve the caller's request slot for this entry: one per 10 minutes (409 otherwise).
 * 4. Mail the managers once (all in To): who asks, the reasons joined with line breaks, the details
 *    and one grant link per grantable role. When the mail fails, they are notified in the app and
 *    the answer says the mail was not sent (deliverAccessRequest); when that fails too, the slot is
 *    freed and the request fails.
 * 5. Write the MODEL_ACCESS_REQUESTED audit record (best effort: the managers were already told).
 */
export async function requestModelAccess(
  caller: User,
  uuid: string,
  body: ModelAccessRequestBody,
  now = Date.now(),
): Promise<{ recipients: number } & AccessRequestDelivery> {
  const model = await loadVisibleModel(uuid, caller);
  authorizeRequest(caller, model);
  const managers = (await activeUsers(managerIds(model.roles))).filter((u) => u.email);
  if (managers.length === 0) throw new ConflictError(ACCESS_MESSAGES.noManager);

  await reserveModelAccessRequest(uuid, caller.id, now);
  let delivery: AccessRequestDelivery;
  try {
    delivery = await deliverAccessRequest(
      {
        mail: modelAccessRequestMail({
          webUrl: env.webUrl,
          model: { uuid, name: model.name, platform: model.metadata.platform },
          requester: caller,
          to: managers.map((m) => m.email),
          reasons: body.reasons,
          details: body.details,
        }),
        recipientIds: managers.map((m) => m.id),
        requester: caller,
        model: { uuid, name: model.name },
      },
      now,
    );
  } catch (error) {
    await releaseModelAccessRequest(uuid, caller.id).catch((e: unknown) =>
      logger.warn('Could not free the model access-request slot', { error: e }),
    );
    throw error;
  }
  await writeAudit(
    {
      modelUuid: uuid,
      action: 'MODEL_ACCESS_REQUESTED',
      actor: caller.id,
      detail: body.reasons.join('; ').slice(0, AUDIT_DETAIL_MAX),
    },
    now,
  ).catch((error: unknown) => logger.error('Could not write the access-request audit record', { error }));
  return { recipients: managers.length, ...delivery };
}

function authorizeRequest(caller: User, model: ModelRecord): void {
  if (outcome('requestAccess', caller, model) === 'allowed') return;
  if (outcome('view', caller, model) === 'allowed') throw new ConflictError(ACCESS_MESSAGES.alreadyHasAccess);
  requireAction('requestAccess', caller, model);
}
