import { RETENTION } from '@shared/constants';
import { claimSlot, releaseSlot } from './table';

/**
 * Model access requests (issue 4 §3): MODELACCESSREQ#<modelUuid> / USER#<isid>, living for the
 * cool-down period (RETENTION.accessRequestCooldownSeconds, 10 minutes). The slot is the rate limit:
 * a second request by the same user for the same entry inside the period fails with ConflictError.
 * The request itself (who asked, why) is kept in the audit trail, not here.
 */
export const modelAccessRequestKey = (modelUuid: string, userId: string) => ({
  pk: `MODELACCESSREQ#${modelUuid}`,
  sk: `USER#${userId}`,
});

export const MODEL_ACCESS_REQUEST_COOLDOWN_MINUTES = Math.round(RETENTION.accessRequestCooldownSeconds / 60);
export const MODEL_ACCESS_REQUESTED_RECENTLY = `You asked for access to this model entry less than ${MODEL_ACCESS_REQUEST_COOLDOWN_MINUTES} minutes ago. Please wait before asking again.`;

export async function reserveModelAccessRequest(
  modelUuid: string,
  userId: string,
  now = Date.now(),
): Promise<void> {
  await claimSlot(
    modelAccessRequestKey(modelUuid, userId),
    { entity: 'ModelAccessRequest', modelUuid, userId, requestedOn: new Date(now).toISOString() },
    RETENTION.accessRequestCooldownSeconds,
    MODEL_ACCESS_REQUESTED_RECENTLY,
    now,
  );
}

/** Gives the slot back when the mail could not be sent, so the user may retry at once. */
export async function releaseModelAccessRequest(modelUuid: string, userId: string): Promise<void> {
  await releaseSlot(modelAccessRequestKey(modelUuid, userId));
}
