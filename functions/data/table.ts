import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchWriteCommandInput,
  DeleteCommand,
  PutCommand,
  paginateQuery,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import { env } from '../lib/env';
import { ConflictError } from '../lib/errors';
import { ddb } from './dynamodb-client';

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

/**
 * An item that does not match its entity's schema: a bug of a writer or a hand edit. A server fault
 * (500 with a report id; the message, with the item's key and the first issues, goes to the log),
 * never a value that flows on half-typed.
 */
export class CorruptItemError extends Error {
  constructor(
    readonly key: { pk: unknown; sk: unknown },
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const problems = issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(item)'}: ${issue.message}`)
      .join('; ');
    super(`The item ${String(key.pk)} / ${String(key.sk)} does not match its schema: ${problems}`);
    this.name = 'CorruptItemError';
  }
}

/**
 * Reads an item as its entity: the item without its key attributes, parsed by `schema` (which drops
 * what it does not declare unless it is a looseObject). Every entity's `fromItem` goes through a
 * schema; the one documented exception is the instance list's projection (instances.ts,
 * `fromSummaryItem`), whose 10,000 items per reload would cost more to parse than to query.
 */
export function parseItem<S extends z.ZodMiniType>(schema: S, item: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(withoutKeys(item));
  if (parsed.success) return parsed.data;
  throw new CorruptItemError({ pk: item.pk, sk: item.sk }, parsed.error.issues);
}

/** Epoch seconds `seconds` from now, for the table's TTL attribute. */
export function ttlIn(seconds: number, now = Date.now()): number {
  return Math.floor(now / 1000) + seconds;
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];
export type TableKey = { pk: string; sk: string };

/** DynamoDB leaves part of a batch unprocessed when throttled: try again after a growing pause. */
const BATCH_ATTEMPTS = 9;
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));

/**
 * Writes any number of put/delete requests in batches of 25, retrying what DynamoDB leaves
 * unprocessed (throttling) with a short backoff.
 */
export async function batchWriteAll(requests: WriteRequest[]): Promise<void> {
  const table = tableName();
  for (let start = 0; start < requests.length; start += 25) {
    let pending: WriteRequest[] = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= BATCH_ATTEMPTS) throw new Error(`DynamoDB left ${pending.length} writes unprocessed`);
      if (attempt > 0) await backoff(attempt);
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = out.UnprocessedItems?.[table] ?? [];
    }
  }
}

/** BatchGetItem's limit of keys in one request. */
const BATCH_GET_KEYS = 100;

/**
 * The items under the given keys, in no particular order; keys without an item are left out. One
 * BatchGetItem per 100 distinct keys (all at once), each retrying what DynamoDB leaves unprocessed
 * with a short backoff. Eventually consistent, like the GetItem calls it replaces.
 */
export async function batchGetAll(keys: readonly TableKey[]): Promise<Record<string, unknown>[]> {
  const table = tableName();
  // BatchGetItem refuses a request that names one key twice.
  const distinct = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const chunks: TableKey[][] = [];
  for (let start = 0; start < distinct.length; start += BATCH_GET_KEYS) {
    chunks.push(distinct.slice(start, start + BATCH_GET_KEYS));
  }
  const found = await Promise.all(
    chunks.map(async (chunk) => {
      const items: Record<string, unknown>[] = [];
      let pending: Record<string, unknown>[] = chunk;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= BATCH_ATTEMPTS) throw new Error(`DynamoDB left ${pending.length} reads unprocessed`);
        if (attempt > 0) await backoff(attempt);
        const out = await ddb().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
        items.push(...(out.Responses?.[table] ?? []));
        pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
      }
      return items;
    }),
  );
  return found.flat();
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * The pages of a Query on the table (the document client's paginator, which follows
 * LastEvaluatedKey): for readers that stop early or only count. `Limit` is the size of each page.
 */
export function queryPages(input: QueryInput): AsyncIterable<QueryCommandOutput> {
  // A fresh input object: the paginator writes each page's start key into it.
  return paginateQuery({ client: ddb() }, { ...input, TableName: tableName() });
}

/**
 * Every item of a Query, following LastEvaluatedKey. For the small partitions of one entity (a
 * model's files, a user's connections, an option list), never for open-ended listings.
 */
export async function queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) items.push(...(page.Items ?? []));
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
