import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../lib/errors';
import { ddb } from './dynamodb-client';

/**
 * The one TransactWriteItems runner of the data layer (docs/development.md, "Transactions"). Every
 * writer that must change several items together builds labelled items and hands them here, so a
 * cancelled transaction means the same thing everywhere:
 * - a `ConditionalCheckFailed` reason is the caller's business rule refusing the write (stale revision,
 *   name taken, status moved on): a `ConditionFailedError` (a 409 ConflictError) at once, with the
 *   `conflict` message of the item whose condition failed. Trying again could only fail again.
 * - a `TransactionConflict` reason (and no failed condition) means another transaction touched one of
 *   the items at the same moment (the entry's instance counter, the queue counter): nothing was
 *   written, so the same items are sent again, up to TRANSACTION_ATTEMPTS times in all, after a short,
 *   growing, jittered pause. If DynamoDB still cancels, the caller gets a 409 asking to try again.
 * - anything else (a ValidationError reason, throttling the SDK gave up on, a network error) is not
 *   ours to interpret: it is thrown as it came and becomes a 500 with a report id.
 */

export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item with what its failed condition means, for the error the caller gets. */
export interface LabeledTxItem {
  item: TxItem;
  /** Message of the 409 when this item's condition fails. */
  conflict?: string;
}

/** DynamoDB's limit of items in one TransactWrite. */
export const MAX_TRANSACTION_ITEMS = 100;

/** Attempts in all (the first and seven more) while DynamoDB cancels for concurrent transactions. */
export const TRANSACTION_ATTEMPTS = 8;

/**
 * The pause before attempt `attempt + 1`: 10 ms doubled per attempt plus up to 50 ms of jitter, so two
 * writers that collided do not collide again in step (at most about 1.6 s in all over 7 pauses).
 */
export function retryPauseMs(attempt: number, random = Math.random()): number {
  return 10 * 2 ** attempt + random * 50;
}

/**
 * A transaction refused by its conditions: `itemIndex` is the first item whose condition failed (its
 * `conflict` is the message), `failedItems` every such item, in order.
 */
export class ConditionFailedError extends ConflictError {
  readonly itemIndex: number;
  constructor(
    message: string | undefined,
    readonly failedItems: readonly number[],
  ) {
    super(message);
    this.itemIndex = failedItems[0] ?? -1;
  }
}

export interface TransactionOptions {
  /** The 409's message for a failed condition of an item that has no `conflict` of its own. */
  conflict?: string;
  /** The 409's message when DynamoDB still cancels after the last attempt (default: `conflict`). */
  stale?: string;
}

/** Runs the items as one TransactWrite, all or nothing, under the policy above. */
export async function runTransaction(
  items: readonly LabeledTxItem[],
  options: TransactionOptions = {},
): Promise<void> {
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new Error(`A transaction has ${items.length} items (at most ${MAX_TRANSACTION_ITEMS})`);
  }
  const TransactItems = items.map((i) => i.item);
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((r, index) => (r.Code === 'ConditionalCheckFailed' ? [index] : []));
      const [first] = failed;
      if (first !== undefined) {
        throw new ConditionFailedError(items[first]?.conflict ?? options.conflict, failed);
      }
      if (!reasons.some((r) => r.Code === 'TransactionConflict')) throw error;
      if (attempt + 1 >= TRANSACTION_ATTEMPTS) throw new ConflictError(options.stale ?? options.conflict);
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs(attempt)));
    }
  }
}

/**
 * `runTransaction` for writers whose refused condition is an expected outcome rather than an error
 * (a run event for a run that moved on): false when a condition failed, otherwise as above.
 */
export async function runTransactionIfConditionsHold(items: readonly LabeledTxItem[]): Promise<boolean> {
  try {
    await runTransaction(items);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}
