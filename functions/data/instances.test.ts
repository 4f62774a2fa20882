import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError } from '../lib/errors';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { commitInstanceWrite, fromInstanceItem, instanceNameKey, ownInstanceFields, STALE_INSTANCE } =
  await import('./instances');
type Record = Parameters<typeof commitInstanceWrite>[0]['remove'] extends (infer R)[] | undefined ? R : never;

const record: Record = {
  modelUuid: 'u1',
  id: 'i1',
  name: 'Base case',
  nameKey: 'base case',
  status: 'DRAFT',
  createdBy: 'lead',
  createdByName: 'Leo Lead',
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  outdated: false,
  hidden: false,
  type: 'scenario',
  executionSetupId: 'sm1',
  modelInputId: 'in1',
  sharedWith: [],
  rev: 1,
};
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const create = () =>
  commitInstanceWrite({
    uuid: 'u1',
    put: [{ record, read: 'new' }],
    takeNames: [{ nameKey: record.nameKey, name: record.name, instanceId: record.id }],
    putInputs: [
      { instanceId: 'i1', input: { modelInputId: 'in1', value: '{}', modifiedOn: record.createdOn } },
    ],
  });

const sentItems = () => (send.mock.calls[0] as [TransactWriteCommand])[0].input.TransactItems ?? [];

beforeEach(() => {
  send.mockReset();
});

describe('instance writes', () => {
  it('write the instance, its name guard, its values and the counter in one transaction', async () => {
    send.mockResolvedValue({});
    await create();
    const items = sentItems();
    expect(items.map((i) => Object.keys(i)[0])).toEqual(['Put', 'Put', 'Put', 'Update']);
    expect(items[0]?.Put?.Item).toMatchObject({ pk: 'INSTANCES#u1', sk: 'INST#i1', rev: 1 });
    expect(items[1]?.Put).toMatchObject({
      Item: { pk: 'INSTANCES#u1', sk: 'NAME#base case', instanceId: 'i1' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[2]?.Put?.Item).toMatchObject({ pk: 'INSTANCE#i1', sk: 'INPUT' });
    expect(items[3]?.Update).toMatchObject({ Key: { pk: 'INSTANCES#u1', sk: 'REV' } });
    expect(items[3]?.Update?.UpdateExpression).toContain('ADD #rev :one');
  });

  it("answer a taken name with 409 'Instance Name is not unique'", async () => {
    send.mockImplementation(async () => {
      throw cancelled('None', 'ConditionalCheckFailed', 'None', 'None');
    });
    const error = await create().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe('Instance Name is not unique');
  });

  it('try again when a concurrent transaction raised the counter at the same moment', async () => {
    send
      .mockRejectedValueOnce(cancelled('None', 'None', 'None', 'TransactionConflict'))
      .mockResolvedValue({});
    await create();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('give up after a few conflicts with a 409', async () => {
    send.mockImplementation(async () => {
      throw cancelled('TransactionConflict');
    });
    await expect(create()).rejects.toMatchObject({ message: STALE_INSTANCE });
    expect(send.mock.calls.length).toBeGreaterThan(2);
  });

  it('change or delete an instance only as it was read (rev and modified on)', async () => {
    send.mockResolvedValue({});
    await commitInstanceWrite({ uuid: 'u1', remove: [record] });
    const items = sentItems();
    expect(items[0]?.Delete).toMatchObject({
      ConditionExpression: 'attribute_exists(pk) AND #rev = :rev AND #modifiedOn = :modifiedOn',
      ExpressionAttributeValues: { ':rev': 1, ':modifiedOn': record.modifiedOn },
    });
  });

  it('keep the attributes other writers add when they write an instance back, but a clone drops them', async () => {
    const read = fromInstanceItem({ pk: 'INSTANCES#u1', sk: 'INST#i1', ...record, lastRunId: 'run-1' });
    send.mockResolvedValue({});
    await commitInstanceWrite({ uuid: 'u1', put: [{ record: { ...read, label: 'x', rev: 2 }, read }] });
    expect(sentItems()[0]?.Put?.Item).toMatchObject({ label: 'x', lastRunId: 'run-1' });
    expect(ownInstanceFields(read)).not.toHaveProperty('lastRunId');
  });

  it('key names by their trimmed lower case', () => {
    expect(instanceNameKey('  Base CASE ')).toBe('base case');
  });
});
