import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
const queryAll = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('./table', async (importOriginal) => ({ ...(await importOriginal<object>()), queryAll }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { outdateInstances } = await import('./instances-outdate');

const ref = (id: string, status: string, outdated = false) => ({
  id,
  name: id,
  status,
  executionSetupId: 'SM1',
  outdated,
});
const NOW = new Date('2026-02-01T00:00:00.000Z');
const updates = () =>
  send.mock.calls
    .map(([command]) => (command as UpdateCommand).input)
    .filter((input) => input.UpdateExpression?.startsWith('SET #outdated'));

beforeEach(() => {
  send.mockReset();
  queryAll.mockReset();
  send.mockResolvedValue({});
  queryAll.mockResolvedValue([
    ref('done', 'COMPLETED'),
    ref('draft', 'DRAFT'),
    ref('running', 'INPROCESS'),
    ref('accepted', 'ACCEPTED'),
    ref('old', 'FAILED', true),
  ]);
});

describe('outdateInstances', () => {
  it('with statuses, marks only the instances in them, each write conditional on the status', async () => {
    await expect(outdateInstances('u1', 'SM1', NOW, ['COMPLETED', 'FAILED', 'ACCEPTED'])).resolves.toBe(2);
    const written = updates();
    expect(written.map((u) => u.Key)).toEqual([
      { pk: 'INSTANCES#u1', sk: 'INST#done' },
      { pk: 'INSTANCES#u1', sk: 'INST#accepted' },
    ]);
    expect(written[0]).toMatchObject({
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:status0, :status1, :status2)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':true': true,
        ':now': NOW.toISOString(),
        ':status0': 'COMPLETED',
        ':status1': 'FAILED',
        ':status2': 'ACCEPTED',
      },
    });
    // The revision goes up once, so instance lists reload.
    expect(send.mock.calls.filter(([c]) => (c as UpdateCommand).input.Key?.sk === 'REV')).toHaveLength(1);
  });

  it('does not count an instance whose status changed meanwhile (the condition fails)', async () => {
    send.mockImplementation(async (command: UpdateCommand) => {
      if (command.input.Key?.sk === 'INST#done')
        throw new ConditionalCheckFailedException({ message: 'no', $metadata: {} });
      return {};
    });
    await expect(outdateInstances('u1', 'SM1', NOW, ['COMPLETED', 'ACCEPTED'])).resolves.toBe(1);
  });

  it('writes nothing (not even the revision) when no instance is in the statuses', async () => {
    await expect(outdateInstances('u1', 'SM1', NOW, ['SUPERSEDED'])).resolves.toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('without statuses, marks every instance not outdated yet, as the sub-model dialog does', async () => {
    await expect(outdateInstances('u1', 'SM1', NOW)).resolves.toBe(4);
    expect(updates()[0]?.ConditionExpression).toBe('attribute_exists(pk)');
  });
});
