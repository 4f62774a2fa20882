import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Executions from '../../functions/data/executions';
import type * as Instances from '../../functions/data/instances';
import { dataLayerFixture } from './data-layer-helpers';

/**
 * functions/data/executions.ts against DynamoDB Local (moved from a unit test that matched expression
 * strings): what a group's creation, a run event and the queue's copy of a status write and refuse.
 * Each test works in an entry of its own (a fresh uuid) and a group of its own.
 */
const data = dataLayerFixture();
let executions: typeof Executions;
let instances: typeof Instances;
// Now, not a fixed date: the local cloud's scheduled reconciliation fails runs not started or queued
// for more than 5 minutes, and these runs have no Step Functions execution.
const AT = new Date().toISOString();

beforeAll(async () => {
  executions = await import('../../functions/data/executions');
  instances = await import('../../functions/data/instances');
});

/** An entry with one DRAFT instance, and a group that claimed it (instance NOTSTARTED, run item). */
async function claimedRun(options: { runs?: number } = {}) {
  const uuid = `IT-EXEC-${randomUUID()}`;
  const groupId = randomUUID();
  const ids = Array.from({ length: options.runs ?? 1 }, () => randomUUID());
  for (const id of ids) {
    const record = {
      modelUuid: uuid,
      id,
      name: `Case ${id}`,
      nameKey: `case ${id}`,
      status: 'DRAFT' as const,
      createdBy: 'lead',
      createdByName: 'Leo Lead',
      createdOn: AT,
      modifiedOn: AT,
      outdated: true,
      hidden: false,
      type: 'scenario' as const,
      executionSetupId: 'SM1',
      modelInputId: 'IN1',
      sharedWith: [],
      rev: 1,
    };
    await instances.commitInstanceWrite({ uuid, put: [{ record, read: 'new' }] });
    data.forget(instances.instanceKey(uuid, id), executions.executionRunKey(groupId, id));
  }
  data.forget(instances.instancesRevKey(uuid), executions.executionGroupKey(groupId));
  const runs = ids.map((instanceId) => ({
    groupId,
    runId: randomUUID(),
    instanceId,
    instanceName: `Case ${instanceId}`,
    modelUuid: uuid,
    subModelId: 'SM1',
    type: 'scenario' as const,
    filename: 'model.py',
    status: 'NOTSTARTED' as const,
    createdBy: 'lead',
    createdByName: 'Leo Lead',
    createdOn: AT,
  }));
  const group = {
    groupId,
    modelUuid: uuid,
    modelName: 'Model',
    createdBy: 'lead',
    createdByName: 'Leo Lead',
    createdOn: AT,
    runs: runs.map((r) => ({
      instanceId: r.instanceId,
      runId: r.runId,
      name: r.instanceName,
      filename: r.filename,
      subModelId: r.subModelId,
      type: r.type,
    })),
    statuses: Object.fromEntries(ids.map((id) => [id, 'NOTSTARTED' as const])),
  };
  const claims = ids.map((instanceId) => ({ uuid, instanceId, from: ['DRAFT' as const] }));
  expect(await executions.createExecutionGroup(group, runs, claims)).toBe(true);
  return { uuid, groupId, instanceId: ids[0] as string, ids, group, runs, claims };
}

const counter = async (uuid: string) => Number((await data.read(instances.instancesRevKey(uuid)))?.rev ?? 0);

/** Moves a run along the path a successful run takes, up to (and with) `to`. */
async function advance(
  run: { uuid: string; groupId: string; instanceId: string },
  to: Executions.RunEvent['to'],
) {
  for (const step of ['INQUEUE', 'INPROCESS', 'POSTPROCESSING', 'COMPLETED'] as const) {
    expect(await executions.writeRunEvent({ ...run, to: step, at: AT })).toBe(true);
    if (step === to) return;
  }
}

describe('creating a group', () => {
  it('puts the group in the queue with the counter, writes the runs and claims each instance', async () => {
    const before = await executions.countExecutionGroups();
    const { uuid, groupId, instanceId } = await claimedRun();
    expect(await executions.countExecutionGroups()).toBe(before + 1);
    const read = await executions.getExecutionGroup(groupId);
    expect(read?.group).toMatchObject({ groupId, modelUuid: uuid, statuses: { [instanceId]: 'NOTSTARTED' } });
    expect(read?.runs.map((r) => r.status)).toEqual(['NOTSTARTED']);
    expect(await data.read(executions.executionGroupKey(groupId))).toMatchObject({
      gsi1pk: 'EXECQUEUE',
      counted: true,
    });
    const instance = await instances.getInstance(uuid, instanceId);
    expect(instance).toMatchObject({ status: 'NOTSTARTED', lastGroupId: groupId, rev: 2 });
    // An active run is listed for reconciliation.
    expect((await executions.listActiveRuns()).map((r) => r.groupId)).toContain(groupId);

    expect(await executions.deleteExecutionGroup(groupId)).toBe(true);
    expect(await executions.countExecutionGroups()).toBe(before);
    expect(await executions.deleteExecutionGroup(groupId)).toBe(false);
  });

  it('refuses, and takes the group out again, when an instance is no longer executable', async () => {
    const first = await claimedRun();
    const before = await executions.countExecutionGroups();
    const groupId = randomUUID();
    data.forget(executions.executionGroupKey(groupId), executions.executionRunKey(groupId, first.instanceId));
    const run = { ...(first.runs[0] as Executions.ExecutionRunRecord), groupId, runId: randomUUID() };
    const again = await executions.createExecutionGroup({ ...first.group, groupId }, [run], first.claims);
    expect(again).toBe(false);
    expect(await executions.getExecutionGroup(groupId)).toBeUndefined();
    expect(await data.read(executions.executionRunKey(groupId, first.instanceId))).toBeUndefined();
    expect(await executions.countExecutionGroups()).toBe(before);
    expect(await instances.getInstance(first.uuid, first.instanceId)).toMatchObject({
      lastGroupId: first.groupId,
    });
    await executions.deleteExecutionGroup(first.groupId);
  });
});

describe('the queue total', () => {
  it('is read from one counter item, however long the queue, without querying the index', async () => {
    // The first read ever counts older, unmarked groups once; every later one is a GetItem.
    await executions.countExecutionGroups();
    const send = vi.spyOn(data.ddb(), 'send');
    await executions.countExecutionGroups();
    expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual(['GetCommand']);
    send.mockRestore();
  });
});

describe('writeRunEvent', () => {
  it('moves the instance and its run together, raising the rev and the entry counter', async () => {
    const run = await claimedRun();
    const counted = await counter(run.uuid);
    expect(await executions.writeRunEvent({ ...run, to: 'INQUEUE', at: AT })).toBe(true);
    expect(await instances.getInstance(run.uuid, run.instanceId)).toMatchObject({
      status: 'INQUEUE',
      rev: 3,
    });
    expect(await executions.getExecutionRun(run.groupId, run.instanceId)).toMatchObject({
      status: 'INQUEUE',
      queuedOn: AT,
    });
    // The entry's instance counter moves in the same transaction: list caches never miss a status.
    expect(await counter(run.uuid)).toBe(counted + 1);
    await executions.deleteExecutionGroup(run.groupId);
  });

  it('completes a run: the instance is no longer outdated and the run leaves the index of active runs', async () => {
    const run = await claimedRun();
    await advance(run, 'COMPLETED');
    expect(await instances.getInstance(run.uuid, run.instanceId)).toMatchObject({
      status: 'COMPLETED',
      outdated: false,
    });
    const item = await data.read(executions.executionRunKey(run.groupId, run.instanceId));
    expect(item).toMatchObject({ status: 'COMPLETED', finishedOn: AT });
    expect(item).not.toHaveProperty('gsi2pk');
    expect((await executions.listActiveRuns()).map((r) => r.groupId)).not.toContain(run.groupId);
    await executions.deleteExecutionGroup(run.groupId);
  });

  it('lets a failure end any running status and keeps the error', async () => {
    const run = await claimedRun();
    await advance(run, 'INPROCESS');
    const error = { code: 'TIMEOUT', message: 'timed out' };
    expect(await executions.writeRunEvent({ ...run, to: 'FAILED', at: AT, error })).toBe(true);
    expect(await executions.getExecutionRun(run.groupId, run.instanceId)).toMatchObject({
      status: 'FAILED',
      error,
    });
    expect(await instances.getInstance(run.uuid, run.instanceId)).toMatchObject({ status: 'FAILED' });
    await executions.deleteExecutionGroup(run.groupId);
  });

  it('answers false and changes nothing when the run is no longer where the event may come from', async () => {
    const run = await claimedRun();
    const before = await data.read(instances.instanceKey(run.uuid, run.instanceId));
    // INPROCESS may only follow INQUEUE.
    expect(await executions.writeRunEvent({ ...run, to: 'INPROCESS', at: AT })).toBe(false);
    // A late event of an earlier group never touches the instance's later run.
    expect(await executions.writeRunEvent({ ...run, groupId: randomUUID(), to: 'INQUEUE', at: AT })).toBe(
      false,
    );
    expect(await data.read(instances.instanceKey(run.uuid, run.instanceId))).toEqual(before);
    expect(await executions.getExecutionRun(run.groupId, run.instanceId)).toMatchObject({
      status: 'NOTSTARTED',
    });
    await executions.deleteExecutionGroup(run.groupId);
  });

  it('writes the events of many runs of one entry at once, each counted once on the shared counter', async () => {
    const run = await claimedRun({ runs: 8 });
    const counted = await counter(run.uuid);
    const results = await Promise.all(
      run.ids.map((instanceId) => executions.writeRunEvent({ ...run, instanceId, to: 'INQUEUE', at: AT })),
    );
    expect(results).toEqual(run.ids.map(() => true));
    expect(await counter(run.uuid)).toBe(counted + run.ids.length);
    await executions.deleteExecutionGroup(run.groupId);
  });

  it('refuses a corrupt run item with a server error that names it', async () => {
    const run = await claimedRun();
    const key = executions.executionRunKey(run.groupId, run.instanceId);
    const item = await data.read(key);
    await data
      .ddb()
      .send(new PutCommand({ TableName: data.table().tableName(), Item: { ...item, status: 'HALFWAY' } }));
    await expect(executions.getExecutionRun(run.groupId, run.instanceId)).rejects.toThrow(
      `The item ${key.pk} / ${key.sk} does not match its schema: status:`,
    );
    await executions.deleteExecutionGroup(run.groupId);
  });
});

describe('writeGroupStatus', () => {
  it('updates the queue’s copy only from the statuses the event may come from, keeping the latest', async () => {
    const run = await claimedRun();
    await executions.writeGroupStatus(run.groupId, run.instanceId, 'INQUEUE');
    await executions.writeGroupStatus(run.groupId, run.instanceId, 'INPROCESS');
    // A copy written out of order (INQUEUE after INPROCESS) is refused quietly.
    await executions.writeGroupStatus(run.groupId, run.instanceId, 'INQUEUE');
    expect((await executions.getExecutionGroup(run.groupId))?.group.statuses).toEqual({
      [run.instanceId]: 'INPROCESS',
    });
    await executions.deleteExecutionGroup(run.groupId);
  });
});
