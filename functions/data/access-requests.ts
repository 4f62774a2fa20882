import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { ddb } from './clients';
import { conditionalWrite, tableName, ttlIn } from './table';

/**
 * Application access requests: ACCESSREQ#<isid> / META, living for the cool-down period. The
 * conditional put is the rate limit: a second request inside the period fails with ConflictError.
 */
export const accessRequestKey = (userId: string) => ({ pk: `ACCESSREQ#${userId}`, sk: 'META' });

export async function reserveAccessRequest(userId: string, now = Date.now()): Promise<void> {
  await conditionalWrite(
    () =>
      ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...accessRequestKey(userId),
            entity: 'AccessRequest',
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
    MESSAGES.accessRequestSentRecently,
  );
}

/** Gives the slot back when the mail could not be sent, so the user may retry at once. */
export async function releaseAccessRequest(userId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: accessRequestKey(userId) }));
}
