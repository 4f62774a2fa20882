import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Outdate from '../../functions/data/instances-outdate';
import { dataLayerFixture } from './data-layer-helpers';

/**
 * functions/data/instances-outdate.ts against DynamoDB Local (moved from a unit test that matched the
 * updates sent): which instances a sub-model's outdating marks, and that the revision moves once. A
 * change made "meanwhile" is a real write slipped in just before the module's own update.
 */
const data = dataLayerFixture();
let outdate: typeof Outdate;
const NOW = new Date('2026-02-01T00:00:00.000Z');

beforeAll(async () => {
  outdate = await import('../../functions/data/instances-outdate');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** An entry whose sub-model SM1 has the five instances of the old unit test, and one of SM2. */
async function entry() {
  const uuid = `IT-OUTDATE-${randomUUID()}`;
  data.forget(outdate.instancesRevKey(uuid));
  const instances = [
    ['done', 'COMPLETED', false, 'SM1'],
    ['draft', 'DRAFT', false, 'SM1'],
    ['running', 'INPROCESS', false, 'SM1'],
    ['accepted', 'ACCEPTED', false, 'SM1'],
    ['old', 'FAILED', true, 'SM1'],
    ['elsewhere', 'COMPLETED', false, 'SM2'],
  ] as const;
  for (const [id, status, outdated, executionSetupId] of instances) {
    const key = outdate.instanceSummaryKey(uuid, id);
    data.forget(key);
    await data.ddb().send(
      new PutCommand({
        TableName: data.table().tableName(),
        Item: {
          ...key,
          entity: 'Instance',
          id,
          name: id,
          status,
          executionSetupId,
          outdated,
          modifiedOn: 'before',
        },
      }),
    );
  }
  return uuid;
}

const outdated = async (uuid: string) =>
  (await outdate.listInstanceRefs(uuid))
    .filter((r) => r.outdated)
    .map((r) => r.id)
    .sort();
const rev = async (uuid: string) => (await data.read(outdate.instancesRevKey(uuid)))?.rev;

/** Runs `change` (a real write) just before the module updates the instance `id`. */
function meanwhile(id: string, change: () => Promise<unknown>) {
  const client = data.ddb();
  const send = client.send.bind(client);
  let changed = false;
  vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
    // Once: the change itself may be an update of the same item.
    if (!changed && command instanceof UpdateCommand && command.input.Key?.sk === `INST#${id}`) {
      changed = true;
      await change();
    }
    return send(command as never);
  }) as never);
}

describe('outdateInstances', () => {
  it('with statuses, marks only the sub-model’s instances in them and raises the revision once', async () => {
    const uuid = await entry();
    await expect(
      outdate.outdateInstances(uuid, 'SM1', NOW, ['COMPLETED', 'FAILED', 'ACCEPTED']),
    ).resolves.toBe(2);
    expect(await outdated(uuid)).toEqual(['accepted', 'done', 'old']);
    expect(await data.read(outdate.instanceSummaryKey(uuid, 'done'))).toMatchObject({
      outdated: true,
      modifiedOn: NOW.toISOString(),
    });
    expect(await rev(uuid)).toBe(1);
  });

  it('does not count an instance whose status changed meanwhile (executed again), and leaves it', async () => {
    const uuid = await entry();
    meanwhile('done', () =>
      data.ddb().send(
        new UpdateCommand({
          TableName: data.table().tableName(),
          Key: outdate.instanceSummaryKey(uuid, 'done'),
          UpdateExpression: 'SET #status = :s',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':s': 'INQUEUE' },
        }),
      ),
    );
    await expect(outdate.outdateInstances(uuid, 'SM1', NOW, ['COMPLETED', 'ACCEPTED'])).resolves.toBe(1);
    expect(await outdated(uuid)).toEqual(['accepted', 'old']);
  });

  it('writes nothing (not even the revision) when no instance is in the statuses', async () => {
    const uuid = await entry();
    await expect(outdate.outdateInstances(uuid, 'SM1', NOW, ['SUPERSEDED'])).resolves.toBe(0);
    expect(await outdated(uuid)).toEqual(['old']);
    expect(await rev(uuid)).toBeUndefined();
  });

  it('without statuses, marks every instance of the sub-model not outdated yet, skipping one deleted meanwhile', async () => {
    const uuid = await entry();
    meanwhile('draft', () =>
      data.ddb().send(
        new DeleteCommand({
          TableName: data.table().tableName(),
          Key: outdate.instanceSummaryKey(uuid, 'draft'),
        }),
      ),
    );
    await expect(outdate.outdateInstances(uuid, 'SM1', NOW)).resolves.toBe(3);
    expect(await outdated(uuid)).toEqual(['accepted', 'done', 'old', 'running']);
    // Not written back: the condition keeps a deleted instance deleted.
    expect(await data.read(outdate.instanceSummaryKey(uuid, 'draft'))).toBeUndefined();
    expect(await rev(uuid)).toBe(1);
  });
});
