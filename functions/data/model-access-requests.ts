import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION } from '@shared/constants';
import { ddb } from './clients';
import { conditionalWrite, tableName, ttlIn } from './table';

/**
 * Model access requests (issue 4 §3): MODELACCESSREQ#<modelUuid> / USER#<isid>, living for the
 * cool-down period (RETENTION.accessRequestCooldownSeconds, 10 minutes). The conditional put is the
 * rate limit: a second request by the same user for the same entry inside the period fails with
 * ConflictError. The request itself (who asked, why) is kept in the audit trail, not here.
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
  await conditionalWrite(
    () =>
      ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...modelAccessRequestKey(modelUuid, userId),
            entity: 'ModelAccessRequest',
            modelUuid,
            userId,
            requestedOn: new Date(now).toISOString(),
            ttl: ttlIn(RETENTION.accessRequestCooldownSeconds, now),
          },
          // TTL deletion is lazy (up to days): an expired item must not block a new request.
          ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': Math.floor(now / 1000) },
        }),
      ),
    MODEL_ACCESS_REQUESTED_RECENTLY,
  );
}

/** Gives the slot back when the mail could not be sent, so the user may retry at once. */
export async function releaseModelAccessRequest(modelUuid: string, userId: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: tableName(), Key: modelAccessRequestKey(modelUuid, userId) }),
  );
}
