import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ConflictError } from '../lib/errors';
import { env } from '../lib/env';

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
export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'entity'> {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, ...rest } = item;
  return rest;
}
