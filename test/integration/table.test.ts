import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as DynamoClient from '../../functions/data/dynamodb-client';
import type * as Table from '../../functions/data/table';
import type * as Transactions from '../../functions/data/transactions';
import { ConflictError } from '../../functions/lib/errors';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';

/**
 * The data layer's table helpers (functions/data/table.ts, the transaction runner of transactions.ts) through the
 * document client of functions/data/dynamodb-client.ts, against the local cloud's DynamoDB Local and
 * its real table, configured as the local gateway configures handlers. Every item lives under a
 * partition key prefix of its own per run and is deleted at the end.
 */
let table: typeof Table;
let transactions: typeof Transactions;
let ddb: typeof DynamoClient.ddb;
const savedEnv = { ...process.env };
const prefix = `IT-TABLE#${randomUUID()}#`;
/** Every key this file may have written, deleted in afterAll. */
const written = new Map<string, { pk: string; sk: string }>();

type Key = { pk: string; sk: string };
const key = (partition: string, sort: string): Key => {
  const k = { pk: `${prefix}${partition}`, sk: sort };
  written.set(`${k.pk}\u0000${k.sk}`, k);
  return k;
};

async function read(k: Key) {
  return (await ddb().send(new GetCommand({ TableName: table.tableName(), Key: k, ConsistentRead: true })))
    .Item;
}

beforeAll(async () => {
  applyHandlerEnv(handlerEnv(localCloud()));
  const { resetEnvForTests } = await import('../../functions/lib/env');
  resetEnvForTests();
  table = await import('../../functions/data/table');
  transactions = await import('../../functions/data/transactions');
  ({ ddb } = await import('../../functions/data/dynamodb-client'));
});

afterAll(async () => {
  try {
    if (table && written.size > 0) {
      await table.batchWriteAll([...written.values()].map((Key) => ({ DeleteRequest: { Key } })));
    }
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
});

describe('the document client', () => {
  it('writes plain values and drops undefined members, also inside maps and lists', async () => {
    const k = key('plain', 'ITEM');
    const item = {
      ...k,
      count: 42,
      text: 'Grüße, 世界 ✓',
      empty: '',
      nothing: null,
      list: [1, 'two', false, { nested: ['deep', 3] }],
      names: new Set(['alpha', 'beta']),
      gone: undefined,
      map: { a: 1, gone: undefined },
    };
    await ddb().send(new PutCommand({ TableName: table.tableName(), Item: item }));
    const { gone: _gone, ...kept } = item;
    expect(await read(k)).toEqual({ ...kept, map: { a: 1 } });
  });
});

describe('queryAll and queryPages', () => {
  const sortKey = (i: number) => `ITEM#${String(i).padStart(3, '0')}`;
  let partition: string;

  beforeAll(async () => {
    const keys = Array.from({ length: 30 }, (_, i) => key('query', sortKey(i)));
    partition = keys[0]?.pk ?? '';
    await table.batchWriteAll(
      keys.map((k, i) => ({
        PutRequest: {
          Item: { ...k, i, gsi1pk: `${prefix}gsi`, gsi1sk: `G#${String(29 - i).padStart(3, '0')}` },
        },
      })),
    );
  });

  it('queryAll gathers every page of a partition, in sort order', async () => {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ConsistentRead: true,
      Limit: 4,
    });
    expect(items.map((item) => item.i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('queryAll follows the index key of GSI1 across pages', async () => {
    const items = await table.queryAll({
      IndexName: table.INDEXES.gsi1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `${prefix}gsi` },
      Limit: 7,
    });
    // gsi1sk runs the other way round from sk.
    expect(items.map((item) => item.i)).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
  });

  it('queryPages yields pages of Limit items, newest first when asked, and stops when the reader does', async () => {
    const pages: number[][] = [];
    for await (const page of table.queryPages({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: 7,
    })) {
      pages.push((page.Items ?? []).map((item) => Number(item.i)));
      if (pages.length === 2) break;
    }
    expect(pages).toEqual([
      [29, 28, 27, 26, 25, 24, 23],
      [22, 21, 20, 19, 18, 17, 16],
    ]);
  });

  it('queryPages counts a partition page by page with Select COUNT', async () => {
    let count = 0;
    let pages = 0;
    for await (const page of table.queryPages({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      Select: 'COUNT',
      Limit: 8,
    })) {
      count += page.Count ?? 0;
      pages++;
    }
    expect(count).toBe(30);
    expect(pages).toBeGreaterThanOrEqual(4);
  });
});

describe('batchGetAll and batchWriteAll', () => {
  it('puts 130 items in batches, reads them back in batches of 100 with missing and repeated keys, then deletes them', async () => {
    const keys = Array.from({ length: 130 }, (_, i) => key('batch', `B#${String(i).padStart(3, '0')}`));
    await table.batchWriteAll(keys.map((k, i) => ({ PutRequest: { Item: { ...k, i, gone: undefined } } })));

    const missing = [key('batch', 'NONE-1'), key('batch-other', 'NONE-2')];
    const found = await table.batchGetAll([...keys, ...missing, keys[0] as Key, keys[129] as Key]);
    expect(found).toHaveLength(130);
    expect(found.map((item) => item.i).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 130 }, (_, i) => i),
    );
    expect(found.every((item) => !('gone' in item))).toBe(true);

    await table.batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
    expect(await table.batchGetAll(keys)).toEqual([]);
  });
});

describe('conditional writes become ConflictError', () => {
  it('a second put with attribute_not_exists(pk) fails with a ConflictError, and the first item stays', async () => {
    const k = key('conditional', 'ITEM');
    const put = (value: number) =>
      table.conditionalWrite(
        () =>
          ddb().send(
            new PutCommand({
              TableName: table.tableName(),
              Item: { ...k, value },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          ),
        'It exists already.',
      );
    await put(1);
    const error = await put(2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe('It exists already.');
    expect(await read(k)).toEqual({ ...k, value: 1 });
  });

  it('an update whose condition fails is a ConflictError too', async () => {
    const k = key('conditional', 'MISSING');
    const update = table.conditionalWrite(() =>
      ddb().send(
        new UpdateCommand({
          TableName: table.tableName(),
          Key: k,
          UpdateExpression: 'SET n = :n',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':n': 1 },
        }),
      ),
    );
    await expect(update).rejects.toBeInstanceOf(ConflictError);
    expect(await read(k)).toBeUndefined();
  });

  it("a transaction whose second item fails writes nothing and answers that item's conflict message", async () => {
    const first = key('tx', 'FIRST');
    const existing = key('tx', 'EXISTING');
    await ddb().send(new PutCommand({ TableName: table.tableName(), Item: { ...existing, v: 'old' } }));
    const error = await transactions
      .runTransaction([
        { item: { Put: { TableName: table.tableName(), Item: { ...first, v: 1 } } } },
        {
          item: {
            Put: {
              TableName: table.tableName(),
              Item: { ...existing, v: 'new' },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          conflict: 'The name is taken.',
        },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe('The name is taken.');
    expect(await read(first)).toBeUndefined();
    expect(await read(existing)).toEqual({ ...existing, v: 'old' });
  });

  it('a transaction writes a Put, an Update and a Delete together', async () => {
    const put = key('tx-ok', 'PUT');
    const update = key('tx-ok', 'UPDATE');
    const del = key('tx-ok', 'DELETE');
    await table.batchWriteAll([
      { PutRequest: { Item: { ...update, n: 1 } } },
      { PutRequest: { Item: { ...del, n: 1 } } },
    ]);
    await transactions.runTransaction([
      {
        item: {
          Put: {
            TableName: table.tableName(),
            Item: { ...put, list: [1, { a: 'b' }], gone: undefined },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      {
        item: {
          Update: {
            TableName: table.tableName(),
            Key: update,
            UpdateExpression: 'SET n = n + :one',
            ConditionExpression: 'n = :n',
            ExpressionAttributeValues: { ':one': 1, ':n': 1 },
          },
        },
      },
      {
        item: {
          Delete: { TableName: table.tableName(), Key: del, ConditionExpression: 'attribute_exists(pk)' },
        },
      },
    ]);
    expect(await read(put)).toEqual({ ...put, list: [1, { a: 'b' }] });
    expect(await read(update)).toEqual({ ...update, n: 2 });
    expect(await read(del)).toBeUndefined();
  });
});
