import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as DynamoClient from '../../functions/data/dynamodb-client';
import type * as Executions from '../../functions/data/executions';
import type * as Instances from '../../functions/data/instances';
import type * as Table from '../../functions/data/table';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';

/**
 * The execution queue's total (functions/data/executions.ts) against the local cloud's DynamoDB Local:
 * a counter item moved in the same transaction as every write that adds a group to the queue or
 * removes one, so that reading the total is one GetItem instead of counting the whole index. The
 * ground truth is a COUNT Query of the index, read here only. Integration tests run one file at a
 * time, so nothing else writes groups meanwhile. Items are written under a fresh entry and deleted.
 */
let executions: typeof Executions;
let instances: typeof Instances;
let table: typeof Table;
let ddb: typeof DynamoClient.ddb;
const savedEnv = { ...process.env };
const uuid = randomUUID();
const instanceIds = [randomUUID(), randomUUID()];
const groupIds: string[] = [];
const runKeys: { pk: string; sk: string }[] = [];

beforeAll(async () => {
  applyHandlerEnv(handlerEnv(localCloud()));
  const { resetEnvForTests } = await import('../../functions/lib/env');
  resetEnvForTests();
  executions = await import('../../functions/data/executions');
  instances = await import('../../functions/data/instances');
  table = await import('../../functions/data/table');
  ({ ddb } = await import('../../functions/data/dynamodb-client'));
  for (const id of instanceIds)
    await ddb().send(
      new PutCommand({
        TableName: table.tableName(),
        Item: { ...instances.instanceKey(uuid, id), entity: 'Instance', id, status: 'DRAFT', rev: 1 },
      }),
    );
});

afterAll(async () => {
  try {
    for (const groupId of groupIds) await executions?.deleteExecutionGroup(groupId);
    const keys = [
      ...runKeys,
      ...instanceIds.map((id) => instances.instanceKey(uuid, id)),
      { pk: `INSTANCES#${uuid}`, sk: 'REV' },
    ];
    for (const Key of keys) await ddb().send(new DeleteCommand({ TableName: table.tableName(), Key }));
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
});

/** The groups the index holds, counted the expensive way. */
async function indexCount(): Promise<number> {
  let count = 0;
  for await (const page of table.queryPages({
    IndexName: table.INDEXES.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': executions.EXEC_QUEUE_PK },
    Select: 'COUNT',
  }))
    count += page.Count ?? 0;
  return count;
}

/** The counter item as stored. */
async function counter(): Promise<number | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: table.tableName(),
      Key: { pk: executions.EXEC_QUEUE_PK, sk: 'COUNT' },
      ConsistentRead: true,
    }),
  );
  return Item?.groups as number | undefined;
}

async function execute(instanceId: string): Promise<{ groupId: string; created: boolean }> {
  const groupId = randomUUID();
  const createdOn = new Date().toISOString();
  const runId = `Q${randomUUID()}`;
  const created = await executions.createExecutionGroup(
    {
      groupId,
      modelUuid: uuid,
      modelName: 'Queue count',
      createdBy: 'owner',
      createdByName: 'Owner',
      createdOn,
      runs: [{ instanceId, runId, name: 'i', filename: 'm.R', subModelId: 's', type: 'scenario' }],
      statuses: { [instanceId]: 'NOTSTARTED' },
    },
    [
      {
        groupId,
        runId,
        instanceId,
        instanceName: 'i',
        modelUuid: uuid,
        subModelId: 's',
        type: 'scenario',
        filename: 'm.R',
        status: 'NOTSTARTED',
        createdBy: 'owner',
        createdByName: 'Owner',
        createdOn,
      },
    ],
    [{ uuid, instanceId, from: ['DRAFT', 'FAILED', 'CANCELLED', 'COMPLETED'] }],
  );
  if (created) {
    groupIds.push(groupId);
    runKeys.push(executions.executionRunKey(groupId, instanceId));
  }
  return { groupId, created };
}

async function move(groupId: string, instanceId: string, ...statuses: Executions.RunEvent['to'][]) {
  for (const to of statuses)
    expect(
      await executions.writeRunEvent({ uuid, groupId, instanceId, to, at: new Date().toISOString() }),
    ).toBe(true);
}

describe('the execution queue total', () => {
  it('stays equal to the groups in the queue across create, finish, cancel and delete', async () => {
    const [first = '', second = ''] = instanceIds;
    const start = await indexCount();
    expect(await executions.countExecutionGroups()).toBe(start);
    expect(await counter()).toBe(start);

    const finished = await execute(first);
    expect(finished.created).toBe(true);
    expect(await counter()).toBe(start + 1);
    await move(finished.groupId, first, 'INQUEUE', 'INPROCESS', 'POSTPROCESSING', 'COMPLETED');
    expect(await counter()).toBe(start + 1);

    const cancelled = await execute(second);
    await move(cancelled.groupId, second, 'INQUEUE', 'CANCELLED');
    expect(await counter()).toBe(start + 2);

    // An Execute that loses its instance to another (here: it is running already) deletes its group.
    const again = await execute(second);
    expect(again.created).toBe(true);
    const lost = await execute(second);
    expect(lost.created).toBe(false);
    expect(await counter()).toBe(start + 3);

    expect(await executions.deleteExecutionGroup(cancelled.groupId)).toBe(true);
    expect(await executions.deleteExecutionGroup(cancelled.groupId)).toBe(false);
    expect(await counter()).toBe(start + 2);

    expect(await indexCount()).toBe(start + 2);
    expect(await executions.countExecutionGroups()).toBe(start + 2);
  });

  it('reads the total without querying the index', async () => {
    await executions.countExecutionGroups();
    const send = vi.spyOn(ddb(), 'send');
    let total: number;
    let sent: string[];
    try {
      total = await executions.countExecutionGroups();
    } finally {
      sent = send.mock.calls.map(([command]) => command.constructor.name);
      send.mockRestore();
    }
    expect(sent).toEqual(['GetCommand']);
    expect(total).toBe(await counter());
  });
});
