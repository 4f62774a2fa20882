import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError } from '../lib/errors';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));

const {
  ConditionFailedError,
  MAX_TRANSACTION_ITEMS,
  retryPauseMs,
  runTransaction,
  runTransactionIfConditionsHold,
  TRANSACTION_ATTEMPTS,
} = await import('./transactions');

/**
 * The transaction policy (transactions.ts) against a stubbed client: which cancellations are tried
 * again, how often, and what each becomes. DynamoDB Local's real cancellations are in
 * test/integration/table.test.ts and data-*.test.ts.
 */
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const put = (pk: string, conflict?: string) => ({
  item: { Put: { TableName: 'T', Item: { pk, sk: 'X' }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ...(conflict ? { conflict } : {}),
});
const sentItems = (call: number) =>
  (send.mock.calls[call]?.[0] as TransactWriteCommand | undefined)?.input.TransactItems;

/** Runs `work` to its end while fake timers skip the pauses between attempts. */
async function settle<T>(work: Promise<T>): Promise<T | unknown> {
  const outcome = work.catch((error: unknown) => error);
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  send.mockReset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runTransaction', () => {
  it('sends the items as one TransactWrite, in order', async () => {
    send.mockResolvedValue({});
    await runTransaction([put('A'), put('B')]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(sentItems(0)).toEqual([put('A').item, put('B').item]);
  });

  it('refuses a failed condition at once with the conflict message of the item whose condition failed', async () => {
    send.mockRejectedValue(cancelled('None', 'ConditionalCheckFailed'));
    const error = await settle(runTransaction([put('A', 'First.'), put('B', 'The name is taken.')]));
    expect(error).toBeInstanceOf(ConditionFailedError);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      statusCode: 409,
      message: 'The name is taken.',
      itemIndex: 1,
      failedItems: [1],
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('refuses a failed condition at once even when another item lost a race in the same cancellation', async () => {
    send.mockRejectedValue(cancelled('TransactionConflict', 'ConditionalCheckFailed'));
    const error = await settle(runTransaction([put('A'), put('B', 'Stale.')]));
    expect(error).toMatchObject({ message: 'Stale.', itemIndex: 1 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('names every item whose condition failed, the first one giving the message', async () => {
    send.mockRejectedValue(cancelled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'));
    const error = await settle(runTransaction([put('A', 'First.'), put('B'), put('C', 'Third.')]));
    expect(error).toMatchObject({ message: 'First.', itemIndex: 0, failedItems: [0, 2] });
  });

  it("gives an item without its own message the caller's conflict message", async () => {
    send.mockRejectedValue(cancelled('ConditionalCheckFailed'));
    const error = await settle(runTransaction([put('A')], { conflict: 'This instance was changed.' }));
    expect(error).toMatchObject({ message: 'This instance was changed.' });
  });

  it('sends the same items again after a cancellation by a concurrent transaction, and succeeds', async () => {
    send.mockRejectedValueOnce(cancelled('None', 'TransactionConflict')).mockResolvedValueOnce({});
    await expect(settle(runTransaction([put('A'), put('B')]))).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(2);
    expect(sentItems(1)).toEqual(sentItems(0));
  });

  it(`stops after ${TRANSACTION_ATTEMPTS} attempts in all and answers 409 with the stale message`, async () => {
    send.mockRejectedValue(cancelled('TransactionConflict'));
    const error = await settle(runTransaction([put('A')], { conflict: 'Unused here.', stale: 'Try again.' }));
    expect(send).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).not.toBeInstanceOf(ConditionFailedError);
    expect(error).toMatchObject({ statusCode: 409, message: 'Try again.' });
  });

  it("answers the exhausted retries with the caller's conflict message when it gives no stale one", async () => {
    send.mockRejectedValue(cancelled('TransactionConflict'));
    const error = await settle(runTransaction([put('A')], { conflict: 'This instance was changed.' }));
    expect(error).toMatchObject({ statusCode: 409, message: 'This instance was changed.' });
  });

  it('pauses between attempts, longer each time', async () => {
    send.mockRejectedValueOnce(cancelled('TransactionConflict')).mockResolvedValueOnce({});
    const work = runTransaction([put('A')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryPauseMs(0, 1));
    expect(send).toHaveBeenCalledTimes(2);
    await work;
    expect(retryPauseMs(0, 0)).toBe(10);
    expect(retryPauseMs(1, 0)).toBe(20);
    expect(retryPauseMs(6, 1)).toBe(690);
  });

  it('throws other cancellation reasons as they came, without trying again', async () => {
    const validation = cancelled('ValidationError');
    send.mockRejectedValue(validation);
    expect(await settle(runTransaction([put('A')]))).toBe(validation);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('throws errors other than a cancellation as they came', async () => {
    const network = new Error('socket hang up');
    send.mockRejectedValue(network);
    expect(await settle(runTransaction([put('A')]))).toBe(network);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it(`refuses more than ${MAX_TRANSACTION_ITEMS} items before sending anything`, async () => {
    const items = Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, (_, i) => put(`P${i}`));
    await expect(runTransaction(items)).rejects.toThrow(/101 items/);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('runTransactionIfConditionsHold', () => {
  it('is true when the transaction is written', async () => {
    send.mockResolvedValue({});
    expect(await runTransactionIfConditionsHold([put('A')])).toBe(true);
  });

  it('is false when a condition failed', async () => {
    send.mockRejectedValue(cancelled('ConditionalCheckFailed'));
    expect(await settle(runTransactionIfConditionsHold([put('A')]))).toBe(false);
  });

  it('tries a lost race again like runTransaction, and throws the 409 when it keeps losing', async () => {
    send.mockRejectedValue(cancelled('TransactionConflict'));
    const error = await settle(runTransactionIfConditionsHold([put('A')]));
    expect(error).toBeInstanceOf(ConflictError);
    expect(send).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS);
  });
});
