import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand as SdkGetCommand, PutCommand as SdkPutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dynamo from '../../functions/data/dynamodb';
import type * as Table from '../../functions/data/table';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { documentClient, localCloud } from '../support/local-cloud';

/**
 * functions/data/dynamodb.ts (the document client's commands over DynamoDB's JSON protocol,
 * lib/aws-rest.ts) against the local cloud's DynamoDB Local and its real table. Every item lives under
 * a partition key prefix of its own per run and is deleted at the end. Where the shim's reading side
 * could hide a fault of its writing side, items are checked with the SDK's own document client.
 */
let dynamo: typeof Dynamo;
let table: typeof Table;
let sdk: DynamoDBDocumentClient;
const savedEnv = { ...process.env };
const prefix = `IT-DDB#${randomUUID()}#`;
/** Every key this file may have written, deleted in afterAll. */
const written = new Map<string, { pk: string; sk: string }>();

type Key = { pk: string; sk: string };
const key = (partition: string, sort: string): Key => {
  const k = { pk: `${prefix}${partition}`, sk: sort };
  written.set(`${k.pk}\u0000${k.sk}`, k);
  return k;
};

const db = () => dynamo.dynamoDocuments();
const TableName = () => table.tableName();

async function read(k: Key) {
  return (await db().send(new dynamo.GetCommand({ TableName: TableName(), Key: k, ConsistentRead: true })))
    .Item;
}

beforeAll(async () => {
  const cloud = localCloud();
  // As the local gateway runs handlers: configuration and the local key pair from process.env.
  applyHandlerEnv(handlerEnv(cloud));
  const { resetEnvForTests } = await import('../../functions/lib/env');
  const { forgetAwsCredentials } = await import('../../functions/lib/aws-rest');
  resetEnvForTests();
  forgetAwsCredentials();
  dynamo = await import('../../functions/data/dynamodb');
  table = await import('../../functions/data/table');
  sdk = documentClient(cloud);
});

afterAll(async () => {
  try {
    if (table && written.size > 0) {
      await table.batchWriteAll([...written.values()].map((Key) => ({ DeleteRequest: { Key } })));
    }
  } finally {
    sdk?.destroy();
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
});

const RICH = {
  count: 42,
  negative: -7.25,
  big: 9007199254740991,
  yes: true,
  no: false,
  nothing: null,
  empty: '',
  text: 'Grüße, 世界 ✓',
  list: [1, 'two', false, { nested: ['deep', 3] }, []],
  map: { a: 'x', inner: { b: 2, c: [true] }, emptyMap: {} },
  names: new Set(['alpha', 'beta']),
  numbers: new Set([1, 2.5, 3]),
};

describe('PutCommand and GetCommand', () => {
  it('writes and reads numbers, booleans, null, empty strings, nested maps and lists, and sets', async () => {
    const k = key('rich', 'ITEM');
    const put = await db().send(new dynamo.PutCommand({ TableName: TableName(), Item: { ...k, ...RICH } }));
    expect(put.$metadata.httpStatusCode).toBe(200);
    expect(put.Attributes).toBeUndefined();
    const item = await read(k);
    expect(item).toEqual({ ...k, ...RICH });
    expect(item?.names).toBeInstanceOf(Set);
    expect(item?.numbers).toBeInstanceOf(Set);
    expect(typeof item?.count).toBe('number');
  });

  it('removes undefined members, also inside maps and lists', async () => {
    const k = key('undefined', 'ITEM');
    await db().send(
      new dynamo.PutCommand({
        TableName: TableName(),
        Item: { ...k, kept: 1, gone: undefined, map: { a: 1, gone: undefined }, list: [1, undefined, 2] },
      }),
    );
    const item = await read(k);
    expect(item).toEqual({ ...k, kept: 1, map: { a: 1 }, list: [1, 2] });
    expect(item && 'gone' in item).toBe(false);
  });

  it('answers no Item for a key that is not there', async () => {
    const out = await db().send(
      new dynamo.GetCommand({ TableName: TableName(), Key: key('missing', 'NONE') }),
    );
    expect(out.Item).toBeUndefined();
    expect(out.$metadata.httpStatusCode).toBe(200);
  });

  it('a second put with attribute_not_exists(pk) fails with ConditionalCheckFailedException', async () => {
    const k = key('conditional', 'ITEM');
    const put = (value: number) =>
      db().send(
        new dynamo.PutCommand({
          TableName: TableName(),
          Item: { ...k, value },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    await put(1);
    const error = await put(2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(dynamo.ConditionalCheckFailedException);
    expect((error as Dynamo.ConditionalCheckFailedException).code).toBe('ConditionalCheckFailedException');
    expect((error as Dynamo.ConditionalCheckFailedException).status).toBe(400);
    expect(await read(k)).toEqual({ ...k, value: 1 });
  });
});

describe('UpdateCommand and DeleteCommand', () => {
  it('updates with an expression and answers ALL_NEW attributes', async () => {
    const k = key('update', 'ITEM');
    await db().send(
      new dynamo.PutCommand({ TableName: TableName(), Item: { ...k, n: 1, tags: ['a'], stale: 'x' } }),
    );
    const out = await db().send(
      new dynamo.UpdateCommand({
        TableName: TableName(),
        Key: k,
        UpdateExpression: 'SET #n = #n + :inc, tags = list_append(tags, :more), info = :info REMOVE stale',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#n': 'n' },
        ExpressionAttributeValues: { ':inc': 2, ':more': ['b'], ':info': { ok: true, empty: '' } },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(out.Attributes).toEqual({ ...k, n: 3, tags: ['a', 'b'], info: { ok: true, empty: '' } });
    expect(await read(k)).toEqual(out.Attributes);
  });

  it('an update whose condition fails is a ConditionalCheckFailedException', async () => {
    const k = key('update-missing', 'ITEM');
    const error = await db()
      .send(
        new dynamo.UpdateCommand({
          TableName: TableName(),
          Key: k,
          UpdateExpression: 'SET n = :n',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':n': 1 },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(dynamo.ConditionalCheckFailedException);
    expect(await read(k)).toBeUndefined();
  });

  it('deletes and answers ALL_OLD attributes', async () => {
    const k = key('delete', 'ITEM');
    await db().send(
      new dynamo.PutCommand({ TableName: TableName(), Item: { ...k, n: 5, set: new Set(['s']) } }),
    );
    const out = await db().send(
      new dynamo.DeleteCommand({ TableName: TableName(), Key: k, ReturnValues: 'ALL_OLD' }),
    );
    expect(out.Attributes).toEqual({ ...k, n: 5, set: new Set(['s']) });
    expect(await read(k)).toBeUndefined();
    const again = await db().send(
      new dynamo.DeleteCommand({ TableName: TableName(), Key: k, ReturnValues: 'ALL_OLD' }),
    );
    expect(again.Attributes).toBeUndefined();
  });
});

describe('QueryCommand', () => {
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

  async function pages(forward: boolean, indexed = false) {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    let calls = 0;
    do {
      const out = await db().send(
        new dynamo.QueryCommand({
          TableName: TableName(),
          ...(indexed
            ? {
                IndexName: table.INDEXES.gsi1,
                KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
                ExpressionAttributeValues: { ':pk': `${prefix}gsi`, ':p': 'G#' },
              }
            : {
                KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
                ExpressionAttributeValues: { ':pk': partition, ':p': 'ITEM#' },
                ConsistentRead: true,
              }),
          ExclusiveStartKey: startKey,
          Limit: 7,
          ScanIndexForward: forward,
        }),
      );
      calls++;
      expect(out.Count).toBe(out.Items?.length);
      expect(out.Count).toBeLessThanOrEqual(7);
      items.push(...(out.Items ?? []));
      startKey = out.LastEvaluatedKey;
      if (startKey) expect(typeof startKey.pk).toBe('string');
    } while (startKey && calls < 20);
    return { items, calls };
  }

  it('pages through 30 items 7 at a time, following LastEvaluatedKey, in sort order', async () => {
    const { items, calls } = await pages(true);
    expect(calls).toBeGreaterThanOrEqual(5);
    expect(items.map((item) => item.i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(items[0]).toEqual({
      pk: partition,
      sk: sortKey(0),
      i: 0,
      gsi1pk: `${prefix}gsi`,
      gsi1sk: 'G#029',
    });
  });

  it('ScanIndexForward false reverses the order', async () => {
    const { items } = await pages(false);
    expect(items.map((item) => item.i)).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
  });

  it('queries GSI1 by its own keys, paging with the index key in LastEvaluatedKey', async () => {
    const { items, calls } = await pages(true, true);
    expect(calls).toBeGreaterThanOrEqual(5);
    // gsi1sk runs the other way round from sk.
    expect(items.map((item) => item.i)).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
  });

  it('queryAll from table.ts gathers every page', async () => {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      Limit: 4,
    });
    expect(items).toHaveLength(30);
  });
});

describe('TransactWriteCommand', () => {
  it('writes a Put, an Update and a Delete together', async () => {
    const put = key('tx-ok', 'PUT');
    const update = key('tx-ok', 'UPDATE');
    const del = key('tx-ok', 'DELETE');
    await db().send(new dynamo.PutCommand({ TableName: TableName(), Item: { ...update, n: 1 } }));
    await db().send(new dynamo.PutCommand({ TableName: TableName(), Item: { ...del, n: 1 } }));
    const out = await db().send(
      new dynamo.TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: TableName(),
              Item: { ...put, list: [1, { a: 'b' }], gone: undefined },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: TableName(),
              Key: update,
              UpdateExpression: 'SET n = n + :one',
              ConditionExpression: 'n = :n',
              ExpressionAttributeValues: { ':one': 1, ':n': 1 },
            },
          },
          { Delete: { TableName: TableName(), Key: del, ConditionExpression: 'attribute_exists(pk)' } },
        ],
      }),
    );
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(await read(put)).toEqual({ ...put, list: [1, { a: 'b' }] });
    expect(await read(update)).toEqual({ ...update, n: 2 });
    expect(await read(del)).toBeUndefined();
  });

  it('a transaction sent again with its token succeeds instead of failing its own conditions', async () => {
    const k = key('txn', 'IDEMPOTENT');
    const put = {
      TransactItems: [
        {
          Put: {
            TableName: TableName(),
            Item: { ...k, v: 1 },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      ClientRequestToken: randomUUID(),
    };
    await db().send(new dynamo.TransactWriteCommand(put));
    await expect(db().send(new dynamo.TransactWriteCommand(put))).resolves.toBeDefined();
    await expect(
      db().send(new dynamo.TransactWriteCommand({ ...put, ClientRequestToken: randomUUID() })),
    ).rejects.toBeInstanceOf(dynamo.TransactionCanceledException);
  });

  it('a failed condition of the second item cancels all: TransactionCanceledException, nothing written', async () => {
    const first = key('tx-fail', 'FIRST');
    const existing = key('tx-fail', 'EXISTING');
    const third = key('tx-fail', 'THIRD');
    await db().send(new dynamo.PutCommand({ TableName: TableName(), Item: { ...existing, v: 'old' } }));
    const error = await db()
      .send(
        new dynamo.TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TableName(), Item: { ...first, v: 1 } } },
            {
              Put: {
                TableName: TableName(),
                Item: { ...existing, v: 'new' },
                ConditionExpression: 'attribute_not_exists(pk)',
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            {
              ConditionCheck: {
                TableName: TableName(),
                Key: third,
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(dynamo.TransactionCanceledException);
    const cancelled = error as Dynamo.TransactionCanceledException;
    expect(cancelled.code).toBe('TransactionCanceledException');
    expect(cancelled.status).toBe(400);
    expect(cancelled.CancellationReasons).toHaveLength(3);
    expect(cancelled.CancellationReasons[0]?.Code).toBe('None');
    expect(cancelled.CancellationReasons[1]?.Code).toBe('ConditionalCheckFailed');
    expect(cancelled.CancellationReasons[2]?.Code).toBe('None');
    // DynamoDB Local, like DynamoDB, returns the old item of a failed condition when asked to.
    const old = cancelled.CancellationReasons[1]?.Item;
    if (old !== undefined) expect(old).toEqual({ ...existing, v: 'old' });
    expect(await read(first)).toBeUndefined();
    expect(await read(existing)).toEqual({ ...existing, v: 'old' });
    // conditionalWrite turns it into the domain's ConflictError.
    await expect(table.conditionalWrite(() => Promise.reject(cancelled), 'taken')).rejects.toMatchObject({
      message: 'taken',
    });
  });
});

describe('BatchWriteCommand (batchWriteAll)', () => {
  it('puts 30 items in batches, all readable, then deletes them all', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => key('batch', `B#${String(i).padStart(2, '0')}`));
    await table.batchWriteAll(
      keys.map((k, i) => ({ PutRequest: { Item: { ...k, i, even: i % 2 === 0, gone: undefined } } })),
    );
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys[0]?.pk },
      ConsistentRead: true,
    });
    expect(items).toEqual(keys.map((k, i) => ({ ...k, i, even: i % 2 === 0 })));

    await table.batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
    const after = await table.queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys[0]?.pk },
      ConsistentRead: true,
    });
    expect(after).toEqual([]);
  });

  it('a direct BatchWriteCommand mixes puts and deletes and answers empty UnprocessedItems', async () => {
    const stays = key('batch-mixed', 'STAYS');
    const goes = key('batch-mixed', 'GOES');
    await db().send(new dynamo.PutCommand({ TableName: TableName(), Item: { ...goes, n: 1 } }));
    const out = await db().send(
      new dynamo.BatchWriteCommand({
        RequestItems: {
          [TableName()]: [
            { PutRequest: { Item: { ...stays, m: { x: [1] } } } },
            { DeleteRequest: { Key: goes } },
          ],
        },
      }),
    );
    expect(out.UnprocessedItems ?? {}).toEqual({});
    expect(await read(stays)).toEqual({ ...stays, m: { x: [1] } });
    expect(await read(goes)).toBeUndefined();
  });
});

describe('the same items as the SDK document client', () => {
  it('an item written by the shim reads the same through DynamoDBDocumentClient', async () => {
    const k = key('sdk', 'FROM-SHIM');
    await db().send(new dynamo.PutCommand({ TableName: TableName(), Item: { ...k, ...RICH } }));
    const out = await sdk.send(new SdkGetCommand({ TableName: TableName(), Key: k, ConsistentRead: true }));
    expect(out.Item).toEqual({ ...k, ...RICH });
    expect(await read(k)).toEqual(out.Item);
  });

  it('an item written by DynamoDBDocumentClient reads the same through the shim', async () => {
    const k = key('sdk', 'FROM-SDK');
    await sdk.send(new SdkPutCommand({ TableName: TableName(), Item: { ...k, ...RICH } }));
    expect(await read(k)).toEqual({ ...k, ...RICH });
  });

  it('binary values round-trip both ways as the SDK reads and writes them', async () => {
    const bytes = { b: new Uint8Array([1, 2, 255]), nested: { list: [new Uint8Array([0])] } };
    const fromShim = key('sdk', 'BINARY-FROM-SHIM');
    await db().send(new dynamo.PutCommand({ TableName: TableName(), Item: { ...fromShim, ...bytes } }));
    const viaSdk = await sdk.send(
      new SdkGetCommand({ TableName: TableName(), Key: fromShim, ConsistentRead: true }),
    );
    expect(viaSdk.Item).toEqual({ ...fromShim, ...bytes });

    const fromSdk = key('sdk', 'BINARY-FROM-SDK');
    await sdk.send(new SdkPutCommand({ TableName: TableName(), Item: { ...fromSdk, ...bytes } }));
    expect(await read(fromSdk)).toEqual({ ...fromSdk, ...bytes });
  });
});
