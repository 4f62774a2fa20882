import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { countExecutionGroups, createExecutionGroup, writeGroupStatus, writeRunEvent } = await import(
  './executions'
);

const event = { uuid: 'M1', groupId: 'G1', instanceId: 'I1', at: '2026-01-01T00:00:00.000Z' };
const cancelled = (code: string) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: code }, { Code: 'None' }],
  });

beforeEach(() => send.mockReset());

const transactItems = () =>
  (send.mock.calls[0]?.[0] as TransactWriteCommand | undefined)?.input.TransactItems ?? [];

describe('writeRunEvent', () => {
  it('writes the instance and its run in one transaction, each conditional on where the event may come from', async () => {
    send.mockResolvedValue({});
    expect(await writeRunEvent({ ...event, to: 'COMPLETED' })).toBe(true);
    const [instance, run, counter] = transactItems();
    // The entry's instance counter moves in the same transaction: list caches never miss a status.
    expect(counter?.Update?.Key).toEqual({ pk: 'INSTANCES#M1', sk: 'REV' });
    expect(instance?.Update).toMatchObject({
      Key: { pk: 'INSTANCES#M1', sk: 'INST#I1' },
      ConditionExpression: 'attribute_exists(pk) AND #lastGroupId = :groupId AND #status IN (:from0)',
      ExpressionAttributeValues: {
        ':to': 'COMPLETED',
        ':groupId': 'G1',
        ':from0': 'POSTPROCESSING',
        ':one': 1,
      },
    });
    // A completed run brings the instance up to date; its rev moves so an edit read before fails.
    expect(instance?.Update?.UpdateExpression).toBe('SET #status = :to, #outdated = :false ADD #rev :one');
    expect(run?.Update).toMatchObject({
      Key: { pk: 'EXECGROUP#G1', sk: 'RUN#I1' },
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:from0)',
    });
    // A finished run leaves the index of active runs.
    expect(run?.Update?.UpdateExpression).toBe('SET #status = :to, #finishedOn = :at REMOVE gsi2pk, gsi2sk');
  });

  it('lets a failure end any running status and keeps the error', async () => {
    send.mockResolvedValue({});
    await writeRunEvent({ ...event, to: 'FAILED', error: { code: 'TIMEOUT', message: 'timed out' } });
    const [instance, run] = transactItems();
    expect(Object.values(instance?.Update?.ExpressionAttributeValues ?? {})).toEqual(
      expect.arrayContaining(['NOTSTARTED', 'INQUEUE', 'INPROCESS', 'POSTPROCESSING']),
    );
    expect(run?.Update?.ExpressionAttributeValues?.[':error']).toEqual({
      code: 'TIMEOUT',
      message: 'timed out',
    });
  });

  it('answers false, writing nothing, when the run is no longer where the event may come from', async () => {
    send.mockRejectedValueOnce(cancelled('ConditionalCheckFailed'));
    expect(await writeRunEvent({ ...event, to: 'INPROCESS' })).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('tries again when a concurrent transaction on the instance cancelled it', async () => {
    send.mockRejectedValueOnce(cancelled('TransactionConflict')).mockResolvedValueOnce({});
    expect(await writeRunEvent({ ...event, to: 'INPROCESS' })).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('writeGroupStatus', () => {
  it('updates the queue’s copy only from the statuses the event may come from', async () => {
    send.mockResolvedValue({});
    await writeGroupStatus('G1', 'I1', 'INQUEUE');
    const input = (send.mock.calls[0]?.[0] as UpdateCommand | undefined)?.input;
    expect(input).toMatchObject({
      Key: { pk: 'EXECGROUP#G1', sk: 'META' },
      UpdateExpression: 'SET #statuses.#id = :to',
      ConditionExpression: '#statuses.#id IN (:from0)',
      ExpressionAttributeNames: { '#id': 'I1' },
      ExpressionAttributeValues: { ':to': 'INQUEUE', ':from0': 'NOTSTARTED' },
    });
  });
});

describe('the queue total', () => {
  it('reads one counter item, however long the queue, and queries no index', async () => {
    send.mockResolvedValue({ Item: { pk: 'EXECQUEUE', sk: 'COUNT', groups: 12345, seeded: true } });
    expect(await countExecutionGroups()).toBe(12345);
    expect(send).toHaveBeenCalledTimes(1);
    const [command] = send.mock.calls[0] ?? [];
    expect(command?.constructor.name).toBe('GetCommand');
    expect(command?.input).toMatchObject({ Key: { pk: 'EXECQUEUE', sk: 'COUNT' } });
  });

  it('adds a new group to the queue and to the counter in one transaction', async () => {
    send.mockResolvedValue({});
    const group = {
      groupId: 'G1',
      modelUuid: 'M1',
      modelName: 'Model',
      createdBy: 'u1',
      createdByName: 'U',
      createdOn: '2026-01-01T00:00:00.000Z',
      runs: [],
      statuses: {},
    };
    expect(await createExecutionGroup(group, [], [])).toBe(true);
    const [meta, counter] = transactItems();
    expect(meta?.Put?.Item).toMatchObject({
      pk: 'EXECGROUP#G1',
      sk: 'META',
      gsi1pk: 'EXECQUEUE',
      counted: true,
    });
    expect(counter?.Update).toMatchObject({
      Key: { pk: 'EXECQUEUE', sk: 'COUNT' },
      UpdateExpression: 'ADD #groups :delta',
      ExpressionAttributeValues: { ':delta': 1 },
    });
  });
});
