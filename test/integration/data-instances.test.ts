import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Instances from '../../functions/data/instances';
import { ConflictError } from '../../functions/lib/errors';
import { dataLayerFixture } from './data-layer-helpers';

/**
 * functions/data/instances.ts against DynamoDB Local (moved from a unit test that matched expression
 * strings): what one InstanceWrite writes together and what it refuses. Each test works in an entry of
 * its own (a fresh uuid). The transaction policy itself (retries, their limit) is
 * functions/data/transactions.test.ts.
 */
const data = dataLayerFixture();
let instances: typeof Instances;
type InstanceRecord = Instances.InstanceRecord;

beforeAll(async () => {
  instances = await import('../../functions/data/instances');
});

function entry() {
  const uuid = `IT-INST-${randomUUID()}`;
  data.forget(instances.instancesRevKey(uuid));
  return uuid;
}

function recordOf(uuid: string, name = 'Base case'): InstanceRecord {
  const id = randomUUID();
  data.forget(
    instances.instanceKey(uuid, id),
    instances.instanceNameGuardKey(uuid, instances.instanceNameKey(name)),
    instances.instanceInputKey(id),
  );
  return {
    modelUuid: uuid,
    id,
    name,
    nameKey: instances.instanceNameKey(name),
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
}

const create = (record: InstanceRecord) =>
  instances.commitInstanceWrite({
    uuid: record.modelUuid,
    put: [{ record, read: 'new' }],
    takeNames: [{ nameKey: record.nameKey, name: record.name, instanceId: record.id }],
    putInputs: [
      {
        instanceId: record.id,
        input: { modelInputId: 'in1', value: '{"a":1}', modifiedOn: record.createdOn },
      },
    ],
  });

const counter = async (uuid: string) => Number((await data.read(instances.instancesRevKey(uuid)))?.rev ?? 0);

describe('instance writes', () => {
  it('write the instance, its name guard, its values and the counter together', async () => {
    const uuid = entry();
    const record = recordOf(uuid);
    await create(record);
    expect(await instances.getInstance(uuid, record.id)).toEqual(record);
    expect(await instances.getInstanceNameOwner(uuid, record.nameKey)).toBe(record.id);
    expect(await instances.getInstanceInput(record.id)).toMatchObject({
      modelInputId: 'in1',
      value: '{"a":1}',
    });
    expect(await counter(uuid)).toBe(1);
  });

  it("answer a taken name with 409 'Instance Name is not unique', writing nothing", async () => {
    const uuid = entry();
    await create(recordOf(uuid, 'Base case'));
    const second = recordOf(uuid, 'BASE case ');
    const error = await create({ ...second, nameKey: instances.instanceNameKey('BASE case ') }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe('Instance Name is not unique');
    expect(await instances.getInstance(uuid, second.id)).toBeUndefined();
    expect(await instances.getInstanceInput(second.id)).toBeUndefined();
    expect(await counter(uuid)).toBe(1);
  });

  it('write the creates of one entry at once, each counted once on the shared counter', async () => {
    const uuid = entry();
    const records = Array.from({ length: 8 }, (_, i) => recordOf(uuid, `Case ${i}`));
    await Promise.all(records.map(create));
    expect(await counter(uuid)).toBe(records.length);
    expect((await instances.queryInstanceSummaries(uuid)).map((s) => s.id).sort()).toEqual(
      records.map((r) => r.id).sort(),
    );
  });

  it('change or delete an instance only as it was read (rev and modified on)', async () => {
    const uuid = entry();
    const record = recordOf(uuid);
    await create(record);
    const stale = { ...record, rev: 0 };
    const refused = await instances.commitInstanceWrite({ uuid, remove: [stale] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as Error).message).toBe(instances.STALE_INSTANCE);
    const otherTime = { ...record, modifiedOn: '2026-01-02T00:00:00.000Z' };
    await expect(
      instances.commitInstanceWrite({ uuid, put: [{ record: { ...otherTime, rev: 2 }, read: otherTime }] }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await instances.getInstance(uuid, record.id)).toEqual(record);

    await instances.commitInstanceWrite({ uuid, remove: [record] });
    expect(await instances.getInstance(uuid, record.id)).toBeUndefined();
  });

  it('keep the attributes other writers add when they write an instance back, but a clone drops them', async () => {
    const uuid = entry();
    const record = recordOf(uuid);
    await create(record);
    // A run's bookkeeping, written by another module.
    await data.ddb().send(
      new UpdateCommand({
        TableName: data.table().tableName(),
        Key: instances.instanceKey(uuid, record.id),
        UpdateExpression: 'SET lastRunId = :run',
        ExpressionAttributeValues: { ':run': 'run-1' },
      }),
    );
    const read = (await instances.getInstance(uuid, record.id)) as InstanceRecord;
    await instances.commitInstanceWrite({ uuid, put: [{ record: { ...read, label: 'x', rev: 2 }, read }] });
    expect(await instances.getInstance(uuid, record.id)).toMatchObject({
      label: 'x',
      lastRunId: 'run-1',
      rev: 2,
    });
    expect(instances.ownInstanceFields(read)).not.toHaveProperty('lastRunId');
  });

  it('key names by their trimmed lower case', () => {
    expect(instances.instanceNameKey('  Base CASE ')).toBe('base case');
  });
});
