import { RETENTION } from '@shared/constants';
import { claimSlot, releaseSlot } from './table';

/**
 * File access requests (issue 9 §4): FILEACCESSREQ#<modelUuid>#<fileUuid> / USER#<isid>, living for the
 * cool-down period (RETENTION.accessRequestCooldownSeconds, 10 minutes), as model access requests do
 * (model-access-requests.ts). The slot is the rate limit: a second request by the same user for the same
 * file inside the period fails with ConflictError. The request itself is kept in the audit trail.
 */
export const fileAccessRequestKey = (modelUuid: string, fileUuid: string, userId: string) => ({
  pk: `FILEACCESSREQ#${modelUuid}#${fileUuid}`,
  sk: `USER#${userId}`,
});

export const FILE_ACCESS_REQUEST_COOLDOWN_MINUTES = Math.round(RETENTION.accessRequestCooldownSeconds / 60);
export const FILE_ACCESS_REQUESTED_RECENTLY = `You asked for access to this file less than ${FILE_ACCESS_REQUEST_COOLDOWN_MINUTES} minutes ago. Please wait before asking again.`;

export async function reserveFileAccessRequest(
  modelUuid: string,
  fileUuid: string,
  userId: string,
  now = Date.now(),
): Promise<void> {
  await claimSlot(
    fileAccessRequestKey(modelUuid, fileUuid, userId),
    { entity: 'FileAccessRequest', modelUuid, fileUuid, userId, requestedOn: new Date(now).toISOString() },
    RETENTION.accessRequestCooldownSeconds,
    FILE_ACCESS_REQUESTED_RECENTLY,
    now,
  );
}

/** Gives the slot back when the mail could not be sent, so the user may retry at once. */
export async function releaseFileAccessRequest(
  modelUuid: string,
  fileUuid: string,
  userId: string,
): Promise<void> {
  await releaseSlot(fileAccessRequestKey(modelUuid, fileUuid, userId));
}
