import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './dynamodb-client';
import { tableName, ttlIn } from './table';

/**
 * Attempt counters for rate limits: RATELIMIT#<scope>#<subject> / WINDOW#<window start, epoch s>, one
 * item per fixed window, removed by the table's TTL one window after it ends. Counting is one
 * conditional UpdateItem (ADD), so concurrent attempts on warm functions in parallel cannot overshoot:
 * the update that would pass the limit fails its condition and writes nothing.
 */
export const rateLimitKey = (scope: string, subject: string, windowStart: number) => ({
  pk: `RATELIMIT#${scope}#${subject}`,
  sk: `WINDOW#${windowStart}`,
});

export interface RateLimit {
  /** What is counted, e.g. `REGISTRATION-EMAIL`. */
  scope: string;
  /** Who is counted: an e-mail address, a source address. */
  subject: string;
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt. Answers false (and counts nothing) when the window already holds `max`
 * attempts; true otherwise.
 */
export async function countAttempt(limit: RateLimit, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKey(limit.scope, limit.subject, windowStart),
        UpdateExpression: 'ADD #count :one SET #entity = :entity, #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'attempts', '#entity': 'entity', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': limit.max,
          ':entity': 'RateLimit',
          // One more window after this one ends: DynamoDB deletes expired items late, and the counter
          // must not vanish while its window still runs.
          ':ttl': ttlIn(2 * limit.windowSeconds - (nowSeconds - windowStart), now),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
