import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeStandIns,
  type RecordedRequest,
  startStandIn,
  stubAwsCredentials,
} from '../../test/support/aws-stand-in';

vi.mock('../lib/env', () => ({ env: { region: 'eu-west-3' } }));

const { AwsRequestError, forgetAwsCredentials } = await import('../lib/aws-rest');
const {
  BatchWriteCommand,
  ConditionalCheckFailedException,
  DeleteCommand,
  DynamoDocuments,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} = await import('./dynamodb');

/**
 * functions/data/dynamodb.ts against a local HTTP server standing in for DynamoDB: the exact JSON
 * protocol requests (target, content type, marshalled attribute values) and the document client's
 * answers (unmarshalled values, $metadata, typed errors).
 */

interface Received extends Omit<RecordedRequest, 'body'> {
  body: Record<string, unknown>;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A stand-in for DynamoDB: records each request with its JSON body parsed, answers from a script. */
async function startDynamo(
  ...answers: Answer[]
): Promise<{ db: InstanceType<typeof DynamoDocuments>; requests: Received[] }> {
  const requests: Received[] = [];
  const { endpoint } = await startStandIn((request, index) => {
    const text = request.body.toString('utf8');
    requests.push({ ...request, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
    const answer = answers[Math.min(index, answers.length - 1)] ?? { status: 200, body: {} };
    return {
      status: answer.status,
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-requestid': `req-${index + 1}`,
        ...answer.headers,
      },
      body: answer.body === undefined ? '' : JSON.stringify(answer.body),
    };
  });
  return { db: new DynamoDocuments(endpoint), requests };
}

beforeEach(() => {
  stubAwsCredentials('AKIDDYNAMOTEST', 'dynamo-test-secret');
  forgetAwsCredentials();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  forgetAwsCredentials();
  await closeStandIns();
});

function expectJsonProtocol(request: Received | undefined, operation: string): void {
  expect(request?.method).toBe('POST');
  expect(request?.url).toBe('/');
  expect(request?.headers['x-amz-target']).toBe(`DynamoDB_20120810.${operation}`);
  expect(request?.headers['content-type']).toBe('application/x-amz-json-1.0');
}

const PLAIN_ITEM = {
  pk: 'A',
  sk: 'B#1',
  n: 3,
  neg: -1.5,
  flag: true,
  off: false,
  nothing: null,
  empty: '',
  list: [1, 'two', { three: 3 }],
  map: { a: 'x', nested: { b: [true] } },
  names: new Set(['a', 'b']),
  counts: new Set([1, 2]),
};

const WIRE_ITEM = {
  pk: { S: 'A' },
  sk: { S: 'B#1' },
  n: { N: '3' },
  neg: { N: '-1.5' },
  flag: { BOOL: true },
  off: { BOOL: false },
  nothing: { NULL: true },
  empty: { S: '' },
  list: { L: [{ N: '1' }, { S: 'two' }, { M: { three: { N: '3' } } }] },
  map: { M: { a: { S: 'x' }, nested: { M: { b: { L: [{ BOOL: true }] } } } } },
  names: { SS: ['a', 'b'] },
  counts: { NS: ['1', '2'] },
};

describe('the wire request and answer of each command', () => {
  it('GetCommand: marshalled Key, other members as given, Item unmarshalled, $metadata', async () => {
    const { db, requests } = await startDynamo({ status: 200, body: { Item: WIRE_ITEM } });
    const out = await db.send(
      new GetCommand({
        TableName: 'T',
        Key: { pk: 'A', sk: 'B#1' },
        ConsistentRead: true,
        ProjectionExpression: '#n, flag',
        ExpressionAttributeNames: { '#n': 'n' },
      }),
    );
    expect(requests).toHaveLength(1);
    expectJsonProtocol(requests[0], 'GetItem');
    expect(requests[0]?.body).toEqual({
      TableName: 'T',
      Key: { pk: { S: 'A' }, sk: { S: 'B#1' } },
      ConsistentRead: true,
      ProjectionExpression: '#n, flag',
      ExpressionAttributeNames: { '#n': 'n' },
    });
    expect(out.Item).toEqual(PLAIN_ITEM);
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(out.$metadata.requestId).toBe('req-1');
  });

  it('binary values travel as base64 and come back as bytes, inside maps, lists and sets too', async () => {
    const { db, requests } = await startDynamo(
      { status: 200, body: {} },
      {
        status: 200,
        body: {
          Item: {
            pk: { S: 'A' },
            b: { B: 'AQL/' },
            nested: { M: { list: { L: [{ B: 'AA==' }] } } },
            set: { BS: ['AQ==', 'Ag=='] },
          },
        },
      },
    );
    await db.send(
      new PutCommand({
        TableName: 'T',
        Item: { pk: 'A', b: new Uint8Array([1, 2, 255]), nested: { list: [Buffer.from([0])] } },
      }),
    );
    expect(requests[0]?.body.Item).toEqual({
      pk: { S: 'A' },
      b: { B: 'AQL/' },
      nested: { M: { list: { L: [{ B: 'AA==' }] } } },
    });
    const out = await db.send(new GetCommand({ TableName: 'T', Key: { pk: 'A' } }));
    const item = out.Item as { b: Uint8Array; nested: { list: Uint8Array[] }; set: Set<Uint8Array> };
    expect(item.b).toBeInstanceOf(Uint8Array);
    expect([...item.b]).toEqual([1, 2, 255]);
    expect([...(item.nested.list[0] ?? [])]).toEqual([0]);
    expect([...item.set].map((bytes) => [...bytes])).toEqual([[1], [2]]);
  });

  it('GetCommand without an item answers Item undefined', async () => {
    const { db } = await startDynamo({ status: 200, body: {} });
    const out = await db.send(new GetCommand({ TableName: 'T', Key: { pk: 'none', sk: 'none' } }));
    expect(out.Item).toBeUndefined();
    expect(out.$metadata.httpStatusCode).toBe(200);
  });

  it('signs for the dynamodb service in the configured region', async () => {
    const { db, requests } = await startDynamo({ status: 200, body: {} });
    await db.send(new GetCommand({ TableName: 'T', Key: { pk: 'A', sk: 'B' } }));
    const authorization = String(requests[0]?.headers.authorization);
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDDYNAMOTEST\/\d{8}\/eu-west-3\/dynamodb\/aws4_request, SignedHeaders=[^,]*\bx-amz-target\b[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(requests[0]?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
  });

  it('PutCommand: Item and ExpressionAttributeValues marshalled, undefined members removed', async () => {
    const { db, requests } = await startDynamo({ status: 200, body: {} });
    const out = await db.send(
      new PutCommand({
        TableName: 'T',
        Item: { ...PLAIN_ITEM, gone: undefined, map: { ...PLAIN_ITEM.map, alsoGone: undefined } },
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': 1700000000, ':unused': undefined },
      }),
    );
    expectJsonProtocol(requests[0], 'PutItem');
    expect(requests[0]?.body).toEqual({
      TableName: 'T',
      Item: WIRE_ITEM,
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':now': { N: '1700000000' } },
    });
    expect(out.Attributes).toBeUndefined();
    expect(out.$metadata.httpStatusCode).toBe(200);
  });

  it('UpdateCommand: Key and values marshalled, UpdateExpression and ReturnValues passed, Attributes unmarshalled', async () => {
    const { db, requests } = await startDynamo({
      status: 200,
      body: { Attributes: { pk: { S: 'A' }, sk: { S: 'B' }, n: { N: '4' }, tags: { L: [{ S: 't' }] } } },
    });
    const out = await db.send(
      new UpdateCommand({
        TableName: 'T',
        Key: { pk: 'A', sk: 'B' },
        UpdateExpression: 'SET #n = #n + :one, tags = :tags REMOVE old',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#n': 'n' },
        ExpressionAttributeValues: { ':one': 1, ':tags': ['t'] },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expectJsonProtocol(requests[0], 'UpdateItem');
    expect(requests[0]?.body).toEqual({
      TableName: 'T',
      Key: { pk: { S: 'A' }, sk: { S: 'B' } },
      UpdateExpression: 'SET #n = #n + :one, tags = :tags REMOVE old',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': { N: '1' }, ':tags': { L: [{ S: 't' }] } },
      ReturnValues: 'ALL_NEW',
    });
    expect(out.Attributes).toEqual({ pk: 'A', sk: 'B', n: 4, tags: ['t'] });
  });

  it('DeleteCommand: Key marshalled, ReturnValues ALL_OLD, Attributes unmarshalled', async () => {
    const { db, requests } = await startDynamo({
      status: 200,
      body: { Attributes: { pk: { S: 'A' }, sk: { S: 'B' }, flag: { BOOL: false } } },
    });
    const out = await db.send(
      new DeleteCommand({ TableName: 'T', Key: { pk: 'A', sk: 'B' }, ReturnValues: 'ALL_OLD' }),
    );
    expectJsonProtocol(requests[0], 'DeleteItem');
    expect(requests[0]?.body).toEqual({
      TableName: 'T',
      Key: { pk: { S: 'A' }, sk: { S: 'B' } },
      ReturnValues: 'ALL_OLD',
    });
    expect(out.Attributes).toEqual({ pk: 'A', sk: 'B', flag: false });
  });

  it('QueryCommand: values and ExclusiveStartKey marshalled, Items/LastEvaluatedKey unmarshalled, Count kept', async () => {
    const { db, requests } = await startDynamo({
      status: 200,
      body: {
        Items: [
          { gsi1pk: { S: 'G' }, gsi1sk: { S: '2' }, n: { N: '2' } },
          { gsi1pk: { S: 'G' }, gsi1sk: { S: '1' }, n: { N: '1' } },
        ],
        Count: 2,
        ScannedCount: 2,
        LastEvaluatedKey: { pk: { S: 'P' }, sk: { S: 'S1' }, gsi1pk: { S: 'G' }, gsi1sk: { S: '1' } },
      },
    });
    const out = await db.send(
      new QueryCommand({
        TableName: 'T',
        IndexName: 'GSI1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
        FilterExpression: '#n > :min',
        ExpressionAttributeNames: { '#n': 'n' },
        ExpressionAttributeValues: { ':pk': 'G', ':prefix': '', ':min': 0 },
        ExclusiveStartKey: { pk: 'P', sk: 'S0', gsi1pk: 'G', gsi1sk: '3' },
        Limit: 2,
        ScanIndexForward: false,
        ConsistentRead: false,
      }),
    );
    expectJsonProtocol(requests[0], 'Query');
    expect(requests[0]?.body).toEqual({
      TableName: 'T',
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      FilterExpression: '#n > :min',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':pk': { S: 'G' }, ':prefix': { S: '' }, ':min': { N: '0' } },
      ExclusiveStartKey: { pk: { S: 'P' }, sk: { S: 'S0' }, gsi1pk: { S: 'G' }, gsi1sk: { S: '3' } },
      Limit: 2,
      ScanIndexForward: false,
      ConsistentRead: false,
    });
    expect(out.Items).toEqual([
      { gsi1pk: 'G', gsi1sk: '2', n: 2 },
      { gsi1pk: 'G', gsi1sk: '1', n: 1 },
    ]);
    expect(out.Count).toBe(2);
    expect(out.ScannedCount).toBe(2);
    expect(out.LastEvaluatedKey).toEqual({ pk: 'P', sk: 'S1', gsi1pk: 'G', gsi1sk: '1' });
  });

  it('QueryCommand with ExclusiveStartKey undefined sends no such member; empty Items stay []', async () => {
    const { db, requests } = await startDynamo({
      status: 200,
      body: { Items: [], Count: 0, ScannedCount: 0 },
    });
    const out = await db.send(
      new QueryCommand({
        TableName: 'T',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'A' },
        ExclusiveStartKey: undefined,
      }),
    );
    expect(requests[0]?.body).toEqual({
      TableName: 'T',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: 'A' } },
    });
    expect(out.Items).toEqual([]);
    expect(out.LastEvaluatedKey).toBeUndefined();
    expect(out.Count).toBe(0);
  });

  it('TransactWriteCommand: each Put/Update/Delete/ConditionCheck item marshalled', async () => {
    const { db, requests } = await startDynamo({ status: 200, body: {} });
    const out = await db.send(
      new TransactWriteCommand({
        ClientRequestToken: 'token-1',
        TransactItems: [
          {
            Put: {
              TableName: 'T',
              Item: { pk: 'A', sk: '1', n: 1, gone: undefined },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: 'T',
              Key: { pk: 'A', sk: '2' },
              UpdateExpression: 'SET flag = :f',
              ExpressionAttributeValues: { ':f': true },
            },
          },
          {
            Delete: {
              TableName: 'T',
              Key: { pk: 'A', sk: '3' },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          {
            ConditionCheck: {
              TableName: 'T',
              Key: { pk: 'A', sk: '4' },
              ConditionExpression: '#v = :v',
              ExpressionAttributeNames: { '#v': 'version' },
              ExpressionAttributeValues: { ':v': 7 },
            },
          },
        ],
      }),
    );
    expectJsonProtocol(requests[0], 'TransactWriteItems');
    expect(requests[0]?.body).toEqual({
      ClientRequestToken: 'token-1',
      TransactItems: [
        {
          Put: {
            TableName: 'T',
            Item: { pk: { S: 'A' }, sk: { S: '1' }, n: { N: '1' } },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: 'T',
            Key: { pk: { S: 'A' }, sk: { S: '2' } },
            UpdateExpression: 'SET flag = :f',
            ExpressionAttributeValues: { ':f': { BOOL: true } },
          },
        },
        {
          Delete: {
            TableName: 'T',
            Key: { pk: { S: 'A' }, sk: { S: '3' } },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          ConditionCheck: {
            TableName: 'T',
            Key: { pk: { S: 'A' }, sk: { S: '4' } },
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':v': { N: '7' } },
          },
        },
      ],
    });
    expect(out.$metadata.httpStatusCode).toBe(200);
  });

  it('TransactWriteCommand without a token gets one, the same on a retry (idempotent, as the SDK does)', async () => {
    const { db, requests } = await startDynamo(
      { status: 503, body: { __type: 'ServiceUnavailable', message: 'try again' } },
      { status: 200, body: {} },
    );
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: 'T', Item: { pk: 'A' }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    expect(requests).toHaveLength(2);
    const token = requests[0]?.body.ClientRequestToken;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[1]?.body.ClientRequestToken).toBe(token);
  });

  it('BatchWriteCommand: Put/Delete requests marshalled, UnprocessedItems unmarshalled', async () => {
    const { db, requests } = await startDynamo({
      status: 200,
      body: {
        UnprocessedItems: {
          T: [
            { PutRequest: { Item: { pk: { S: 'A' }, sk: { S: '2' }, n: { N: '2' } } } },
            { DeleteRequest: { Key: { pk: { S: 'A' }, sk: { S: '9' } } } },
          ],
        },
      },
    });
    const out = await db.send(
      new BatchWriteCommand({
        RequestItems: {
          T: [
            { PutRequest: { Item: { pk: 'A', sk: '1', list: [1], gone: undefined } } },
            { PutRequest: { Item: { pk: 'A', sk: '2', n: 2 } } },
            { DeleteRequest: { Key: { pk: 'A', sk: '9' } } },
          ],
          Other: [{ DeleteRequest: { Key: { id: 5 } } }],
        },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expectJsonProtocol(requests[0], 'BatchWriteItem');
    expect(requests[0]?.body).toEqual({
      RequestItems: {
        T: [
          { PutRequest: { Item: { pk: { S: 'A' }, sk: { S: '1' }, list: { L: [{ N: '1' }] } } } },
          { PutRequest: { Item: { pk: { S: 'A' }, sk: { S: '2' }, n: { N: '2' } } } },
          { DeleteRequest: { Key: { pk: { S: 'A' }, sk: { S: '9' } } } },
        ],
        Other: [{ DeleteRequest: { Key: { id: { N: '5' } } } }],
      },
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(out.UnprocessedItems).toEqual({
      T: [
        { PutRequest: { Item: { pk: 'A', sk: '2', n: 2 } } },
        { DeleteRequest: { Key: { pk: 'A', sk: '9' } } },
      ],
    });
  });

  it('BatchWriteCommand with nothing unprocessed answers an empty UnprocessedItems', async () => {
    const { db } = await startDynamo({ status: 200, body: { UnprocessedItems: {} } });
    const out = await db.send(
      new BatchWriteCommand({ RequestItems: { T: [{ DeleteRequest: { Key: { pk: 'A', sk: '1' } } }] } }),
    );
    expect(out.UnprocessedItems).toEqual({});
  });
});

describe('errors', () => {
  it('a failed condition is a ConditionalCheckFailedException, not retried', async () => {
    const { db, requests } = await startDynamo({
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
      },
    });
    const error = await db
      .send(
        new PutCommand({
          TableName: 'T',
          Item: { pk: 'A', sk: 'B' },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    expect(error).toBeInstanceOf(AwsRequestError);
    const failure = error as InstanceType<typeof ConditionalCheckFailedException>;
    expect(failure.name).toBe('ConditionalCheckFailedException');
    expect(failure.code).toBe('ConditionalCheckFailedException');
    expect(failure.status).toBe(400);
    expect(failure.message).toBe('The conditional request failed');
    expect(failure.service).toBe('dynamodb');
    expect(requests).toHaveLength(1);
  });

  it('a cancelled transaction is a TransactionCanceledException with its reasons, Items unmarshalled', async () => {
    const { db, requests } = await startDynamo({
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        message:
          'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: [
          { Code: 'None' },
          {
            Code: 'ConditionalCheckFailed',
            Message: 'The conditional request failed',
            Item: { pk: { S: 'x' } },
          },
        ],
      },
    });
    const error = await db
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 'T', Item: { pk: 'w', sk: '1' } } },
            {
              Put: {
                TableName: 'T',
                Item: { pk: 'x', sk: '1' },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect(error).toBeInstanceOf(AwsRequestError);
    expect(error).not.toBeInstanceOf(ConditionalCheckFailedException);
    const cancelled = error as InstanceType<typeof TransactionCanceledException>;
    expect(cancelled.name).toBe('TransactionCanceledException');
    expect(cancelled.code).toBe('TransactionCanceledException');
    expect(cancelled.status).toBe(400);
    expect(cancelled.message).toMatch(/^Transaction cancelled/);
    expect(cancelled.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { pk: 'x' } },
    ]);
    expect(cancelled.CancellationReasons[1]?.Code).toBe('ConditionalCheckFailed');
    expect(requests).toHaveLength(1);
  });

  it('throttling (ProvisionedThroughputExceededException) is retried and then succeeds', async () => {
    const { db, requests } = await startDynamo(
      {
        status: 400,
        body: {
          __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
          message: 'The level of configured provisioned throughput for the table was exceeded.',
        },
      },
      { status: 200, body: { Item: { pk: { S: 'A' }, sk: { S: 'B' } } } },
    );
    const out = await db.send(new GetCommand({ TableName: 'T', Key: { pk: 'A', sk: 'B' } }));
    expect(out.Item).toEqual({ pk: 'A', sk: 'B' });
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    expectJsonProtocol(requests[1], 'GetItem');
  });

  it('a ValidationException rejects with its code and is not retried', async () => {
    const { db, requests } = await startDynamo({
      status: 400,
      body: {
        __type: 'com.amazon.coral.validate#ValidationException',
        message: 'One or more parameter values were invalid: Missing the key sk in the item',
      },
    });
    const error = await db
      .send(new PutCommand({ TableName: 'T', Item: { pk: 'A' } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsRequestError);
    expect(error).not.toBeInstanceOf(ConditionalCheckFailedException);
    expect(error).not.toBeInstanceOf(TransactionCanceledException);
    expect((error as InstanceType<typeof AwsRequestError>).code).toBe('ValidationException');
    expect((error as InstanceType<typeof AwsRequestError>).status).toBe(400);
    expect((error as Error).message).toMatch(/Missing the key sk/);
    expect(requests).toHaveLength(1);
  });
});
