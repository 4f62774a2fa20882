import { env } from '../lib/env';
import { ConflictError } from '../lib/errors';
import { ddb } from './clients';
import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  ConditionalCheckFailedException,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactionCanceledException,
} from './dynamodb';

/**
 * Single-table design (docs/data-model.md). Every item has `pk`/`sk`; secondary access patterns use
 * the generic indexes GSI1 (`gsi1pk`/`gsi1sk`) and GSI2 (`gsi2pk`/`gsi2sk`). Entity modules own their
 * key builders and `toItem`/`fromItem`; nothing outside `functions/data/` knows key strings.
 */
export const INDEXES = {
  gsi1: 'GSI1',
  gsi2: 'GSI2',
} as const;

export function tableName(): string {
  return env.tableName;
}

/**
 * Runs a DynamoDB write and turns a failed condition into a ConflictError, so that callers deal with
 * domain errors only.
 */
export async function conditionalWrite<T>(write: () => Promise<T>, conflictMessage?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ConflictError(conflictMessage);
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')
    ) {
      throw new ConflictError(conflictMessage);
    }
    throw error;
  }
}

/** Strips the key attributes from an item read from the table. */
export function withoutKeys<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'entity'> {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, ...rest } = item;
  return rest;
}

/** Epoch seconds `seconds` from now, for the table's TTL attribute. */
export function ttlIn(seconds: number, now = Date.now()): number {
  return Math.floor(now / 1000) + seconds;
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/**
 * Writes any number of put/delete requests in batches of 25, retrying what DynamoDB leaves
 * unprocessed (throttling) with a short backoff.
 */
export async function batchWriteAll(requests: WriteRequest[]): Promise<void> {
  const table = tableName();
  for (let start = 0; start < requests.length; start += 25) {
    let pending: WriteRequest[] = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      if (attempt > 8) throw new Error(`DynamoDB left ${pending.length} writes unprocessed`);
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = out.UnprocessedItems?.[table] ?? [];
    }
  }
}

/**
 * Every item of a Query, following LastEvaluatedKey. For the small partitions of one entity (a
 * model's files, a user's connections, an option list), never for open-ended listings.
 */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * A rate-limit slot: puts `item` under `key` unless a live one is there (ConflictError with
 * `busyMessage`). The item expires after `seconds` (the table's TTL); since TTL deletion is lazy (up
 * to days), an expired item does not block.
 */
export async function claimSlot(
  key: { pk: string; sk: string },
  item: Record<string, unknown>,
  seconds: number,
  busyMessage: string,
  now = Date.now(),
): Promise<void> {
  await conditionalWrite(
    () =>
      ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, ...item, ttl: ttlIn(seconds, now) },
          ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': Math.floor(now / 1000) },
        }),
      ),
    busyMessage,
  );
}

/** Gives a slot back (the work it guarded failed, so the user may retry at once). */
export async function releaseSlot(key: { pk: string; sk: string }): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: key }));
}
