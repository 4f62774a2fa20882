import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError } from '../lib/errors';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { batchGetAll, conditionalWrite } = await import('./table');

const key = (i: number) => ({ pk: `USER#u${i}`, sk: 'PROFILE' });
function keysOf(call: unknown[] | undefined): Record<string, unknown>[] {
  const command = call?.[0] as BatchGetCommand | undefined;
  return command?.input.RequestItems?.Table?.Keys ?? [];
}

beforeEach(() => {
  send.mockReset();
});

describe('batchGetAll', () => {
  it('reads 250 keys in BatchGetItem requests of at most 100 and returns every item found', async () => {
    send.mockImplementation(async (command: BatchGetCommand) => ({
      Responses: {
        Table: (command.input.RequestItems?.Table?.Keys ?? []).map((k) => ({ ...k, found: true })),
      },
    }));
    const items = await batchGetAll(Array.from({ length: 250 }, (_, i) => key(i)));

    expect(send.mock.calls.every(([command]) => command instanceof BatchGetCommand)).toBe(true);
    expect(send.mock.calls.map((call) => keysOf(call).length)).toEqual([100, 100, 50]);
    expect(items).toHaveLength(250);
    expect(new Set(items.map((item) => item.pk)).size).toBe(250);
  });

  it('names each key once, since BatchGetItem refuses duplicates', async () => {
    send.mockResolvedValue({ Responses: { Table: [] } });
    await batchGetAll([key(1), key(2), key(1)]);
    expect(keysOf(send.mock.calls[0])).toEqual([key(1), key(2)]);
  });

  it('asks again for the keys DynamoDB left unprocessed, and only for those', async () => {
    send
      .mockResolvedValueOnce({
        Responses: { Table: [{ ...key(1), n: 1 }] },
        UnprocessedKeys: { Table: { Keys: [key(2)] } },
      })
      .mockResolvedValueOnce({ Responses: { Table: [{ ...key(2), n: 2 }] } });
    const items = await batchGetAll([key(1), key(2)]);
    expect(keysOf(send.mock.calls[1])).toEqual([key(2)]);
    expect(items).toEqual([
      { ...key(1), n: 1 },
      { ...key(2), n: 2 },
    ]);
  });

  it('sends nothing for no keys', async () => {
    expect(await batchGetAll([])).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('conditional writes', () => {
  it('turn a failed condition into a ConflictError with the given message', async () => {
    const failed = new ConditionalCheckFailedException({
      message: 'The conditional request failed',
      $metadata: {},
    });
    const error = await conditionalWrite(() => Promise.reject(failed), 'This name is taken.').catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ statusCode: 409, message: 'This name is taken.' });
  });

  it('pass other failures through unchanged', async () => {
    const other = new Error('network');
    await expect(conditionalWrite(() => Promise.reject(other))).rejects.toBe(other);
  });
});
