import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Slots from '../../functions/core/runs/run-slots';
import type * as DynamoClient from '../../functions/data/dynamodb-client';
import type * as Executions from '../../functions/data/executions';
import type * as SlotData from '../../functions/data/run-slots';
import type * as Table from '../../functions/data/table';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';
import {
  addInstance,
  addRunSubModel,
  call,
  createRunEntry,
  execute,
  waitForStatus,
} from './executions-helpers';

/**
 * The run queue's slots (functions/core/runs/run-slots.ts, functions/data/run-slots.ts) against the
 * local cloud's DynamoDB Local, called as the workflow area's tasks and the reconciler call them. The
 * counter is the table's one; each test takes its limit from the count it finds, so slots held by
 * other runs of the cloud do not matter. Run items are written under fresh group ids and deleted.
 */
let slots: typeof Slots;
let slotData: typeof SlotData;
let executions: typeof Executions;
let table: typeof Table;
let ddb: typeof DynamoClient.ddb;
const savedEnv = { ...process.env };
const runItems: { pk: string; sk: string }[] = [];
const takenRuns = new Set<string>();

beforeAll(async () => {
  applyHandlerEnv(handlerEnv(localCloud()));
  const { resetEnvForTests } = await import('../../functions/lib/env');
  resetEnvForTests();
  slots = await import('../../functions/core/runs/run-slots');
  slotData = await import('../../functions/data/run-slots');
  executions = await import('../../functions/data/executions');
  table = await import('../../functions/data/table');
  ({ ddb } = await import('../../functions/data/dynamodb-client'));
});

afterAll(async () => {
  try {
    for (const runId of takenRuns) await slotData?.releaseRunSlot(runId);
    for (const Key of runItems) await ddb().send(new DeleteCommand({ TableName: table.tableName(), Key }));
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
});

/** A whole run item (the data layer parses what it reads) of `run` with `status`. */
function runItem(run: { runId: string; groupId: string; instanceId: string }, status: string) {
  return {
    entity: 'ExecutionRun',
    ...run,
    instanceName: 'Slot test',
    modelUuid: 'M',
    subModelId: 'S',
    type: 'scenario',
    filename: 'model.py',
    status,
    createdBy: 'lead',
    createdByName: 'Leo Lead',
    createdOn: new Date().toISOString(),
  };
}

/** A run of a fresh group, its item written with `status`. */
async function runWith(status: string) {
  const run = { runId: `RS${randomUUID()}`, groupId: `RSG${randomUUID()}`, instanceId: randomUUID() };
  const key = executions.executionRunKey(run.groupId, run.instanceId);
  runItems.push(key);
  await ddb().send(
    new PutCommand({
      TableName: table.tableName(),
      Item: { ...key, ...runItem(run, status) },
    }),
  );
  return run;
}

async function acquire(run: { runId: string; groupId: string; instanceId: string }, limit: number) {
  takenRuns.add(run.runId);
  return slots.acquireRunSlot({ ...run, limit: String(limit) });
}

describe('the run queue', () => {
  it('makes the next run wait while the limit is reached, and lets it run when a slot frees', async () => {
    const limit = (await slotData.countRunSlots()) + 1;
    const first = await runWith('INQUEUE');
    const next = await runWith('INQUEUE');

    expect(await acquire(first, limit)).toEqual({ slot: 'ACQUIRED' });
    await expect(acquire(next, limit)).rejects.toMatchObject({ name: 'RunSlotsFull' });
    // A retried acquire of a run that holds its slot (a lost Lambda answer) takes no second one.
    expect(await acquire(first, limit)).toEqual({ slot: 'HELD' });
    expect(await slotData.countRunSlots()).toBe(limit);

    expect(await slots.releaseRunSlot({ runId: first.runId })).toEqual({ released: true });
    // A second release (the workflow and reconciliation both) gives nothing more back.
    expect(await slots.releaseRunSlot({ runId: first.runId })).toEqual({ released: false });
    expect(await slotData.countRunSlots()).toBe(limit - 1);

    expect(await acquire(next, limit)).toEqual({ slot: 'ACQUIRED' });
    await slots.releaseRunSlot({ runId: next.runId });
    expect(await slotData.countRunSlots()).toBe(limit - 1);
  });

  it('gives back the slots of failed and cancelled runs, and keeps those of runs in flight', async () => {
    const before = await slotData.countRunSlots();
    const limit = before + 3;
    const running = await runWith('INPROCESS');
    const failed = await runWith('INPROCESS');
    const cancelled = await runWith('INPROCESS');
    for (const run of [running, failed, cancelled]) await acquire(run, limit);
    expect(await slotData.countRunSlots()).toBe(before + 3);

    // Ended without their ReleaseRunSlot: a cancel (StopExecution) and a run failed by reconciliation.
    for (const [run, status] of [
      [failed, 'FAILED'],
      [cancelled, 'CANCELLED'],
    ] as const) {
      await ddb().send(
        new PutCommand({
          TableName: table.tableName(),
          Item: { ...executions.executionRunKey(run.groupId, run.instanceId), ...runItem(run, status) },
        }),
      );
    }
    expect(await slots.releaseSlotsOfEndedRuns()).toBeGreaterThanOrEqual(2);
    const holders = (await slotData.listRunSlotHolders()).map((h) => h.runId);
    expect(holders).toContain(running.runId);
    expect(holders).not.toContain(failed.runId);
    expect(holders).not.toContain(cancelled.runId);
    // The freed slots let the next runs in.
    const waiting = await runWith('INQUEUE');
    expect(await acquire(waiting, limit)).toEqual({ slot: 'ACQUIRED' });
    await slots.releaseRunSlot({ runId: running.runId });
    await slots.releaseRunSlot({ runId: waiting.runId });
    expect(await slotData.countRunSlots()).toBe(before);
  });

  it('gives a cancelled run its slot back at once, not at the next reconciliation', async () => {
    const entry = await createRunEntry({ 'sleeper.R': 'cat("sleeping\\n")\nSys.sleep(300)\n' });
    const subModel = await addRunSubModel(entry, 'sleeper.R');
    const instance = await addInstance(entry, subModel);
    const groupId = await execute(entry, [instance.id]);
    await waitForStatus(entry, instance.id, 'INPROCESS');
    const runId = (await slotData.listRunSlotHolders()).find((h) => h.groupId === groupId)?.runId;
    expect(runId).toBeDefined();

    const cancelled = await call('owner', 'POST', `/v2/executions/${groupId}/cancel`);

    expect(cancelled.status).toBe(200);
    const holders = (await slotData.listRunSlotHolders()).map((h) => h.runId);
    expect(holders).not.toContain(runId);
  }, 180_000);
});
