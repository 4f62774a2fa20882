import { RETENTION } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { claimSlot, releaseSlot } from './table';

/**
 * Application access requests: ACCESSREQ#<isid> / META, living for the cool-down period. The slot is
 * the rate limit: a second request inside the period fails with ConflictError.
 */
export const accessRequestKey = (userId: string) => ({ pk: `ACCESSREQ#${userId}`, sk: 'META' });

export async function reserveAccessRequest(userId: string, now = Date.now()): Promise<void> {
  await claimSlot(
    accessRequestKey(userId),
    { entity: 'AccessRequest', userId, requestedOn: new Date(now).toISOString() },
    RETENTION.accessRequestCooldownSeconds,
    MESSAGES.accessRequestSentRecently,
    now,
  );
}

/** Gives the slot back when the mail could not be sent, so the user may retry at once. */
export async function releaseAccessRequest(userId: string): Promise<void> {
  await releaseSlot(accessRequestKey(userId));
}
