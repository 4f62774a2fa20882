import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { AppError, ConflictError } from '../lib/errors';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { batchGetAll, batchWriteAll, conditionalWrite, CorruptItemError, parseItem } = await import('./table');

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

describe('batchWriteAll', () => {
  it('writes in batches of 25 and sends again what DynamoDB left unprocessed', async () => {
    const put = (i: number) => ({ PutRequest: { Item: key(i) } });
    send.mockResolvedValueOnce({ UnprocessedItems: { Table: [put(0)] } }).mockResolvedValue({});
    await batchWriteAll(Array.from({ length: 30 }, (_, i) => put(i)));
    const batches = send.mock.calls.map(
      ([command]) => (command as BatchWriteCommand).input.RequestItems?.Table ?? [],
    );
    expect(send.mock.calls.every(([command]) => command instanceof BatchWriteCommand)).toBe(true);
    expect(batches.map((b) => b.length)).toEqual([25, 1, 5]);
    expect(batches[1]).toEqual([put(0)]);
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

describe('parseItem', () => {
  const Schema = z.object({ id: z.string(), count: z.int() });

  it('reads an item as its entity, without the key attributes', () => {
    const item = { pk: 'THING#1', sk: 'META', gsi1pk: 'G', entity: 'Thing', id: '1', count: 2 };
    expect(parseItem(Schema, item)).toEqual({ id: '1', count: 2 });
  });

  it('refuses a corrupt item with an error that names its key and what is wrong', () => {
    const error = (() => {
      try {
        return parseItem(Schema, { pk: 'THING#1', sk: 'META', id: '1', count: 'many' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(CorruptItemError);
    // Not a domain error: the HTTP layer answers 500 with a report id and logs this message.
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(/^The item THING#1 \/ META does not match its schema: count: /);
  });
});
