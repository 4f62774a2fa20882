import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isFinalRunStatus, RUN_TRANSITIONS, type RunStatus } from '@shared/executions/execution-status';
import { type ExecutionError, ExecutionErrorSchema } from '@shared/schemas/execution-api';
import type { InstanceStatus } from '@shared/sub-models/instances';
import { SubModelTypeSchema } from '@shared/sub-models/sub-model';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { fromInstanceItem, type InstanceRecord, instanceKey, instancesRevBumpItem } from './instances';
import { fromModelItem, type ModelRecord, modelKey } from './models';
import { batchGetAll, INDEXES, parseItem, queryAll, queryPages, tableName } from './table';
import { runTransaction, runTransactionIfConditionsHold, type TxItem } from './transactions';

/**
 * Executions (docs/data-model.md, "Executions"): one group per Execute, one run per instance in it.
 *   EXECGROUP#<groupId> / META            the group: who, when, the entry, its runs and their statuses
 *                                         GSI1 EXECQUEUE / <createdOn>#<groupId>: the execution queue
 *   EXECGROUP#<groupId> / RUN#<instanceId> one instance's run: run id, Step Functions execution ARN,
 *                                         status, timestamps, the error of a failed run
 *                                         GSI2 EXECACTIVE / <createdOn>#<runId> while the run is active
 * The instance's own status lives on its summary item (instances.ts, `INSTANCES#<uuid>` /
 * `INST#<id>`), next to `lastGroupId`, the group of its latest run. A run event writes the instance
 * item and the run item in one transaction, each conditional on the statuses the event may come from
 * (shared/executions/execution-status.ts) and the instance's item also on `lastGroupId`, so that a
 * late event of an earlier run never touches a later one. The instance's `rev` is raised with it, so
 * that a concurrent edit read before it fails instead of writing an old status back, and so is the
 * entry's instance counter (`INSTANCES#<uuid>` / `REV`, in the same transaction), so that list caches
 * never miss a status.
 *   EXECQUEUE / COUNT                     the queue's total (`groups`), moved in the same transaction
 *                                         as every write that adds a group to the queue or removes one
 */
export const EXEC_QUEUE_PK = 'EXECQUEUE';
const queueCounterKey = { pk: EXEC_QUEUE_PK, sk: 'COUNT' };
export const EXEC_ACTIVE_PK = 'EXECACTIVE';
export const executionGroupPk = (groupId: string) => `EXECGROUP#${groupId}`;
export const executionGroupKey = (groupId: string) => ({ pk: executionGroupPk(groupId), sk: 'META' });
export const executionRunKey = (groupId: string, instanceId: string) => ({
  pk: executionGroupPk(groupId),
  sk: `RUN#${instanceId}`,
});

const RunStatusSchema = z.enum(Object.keys(RUN_TRANSITIONS) as [RunStatus, ...RunStatus[]]);

const GroupRunSchema = z.object({
  instanceId: z.string(),
  runId: z.string(),
  /** The instance's name when Execute was pressed. */
  name: z.string(),
  filename: z.string(),
  subModelId: z.string(),
  type: SubModelTypeSchema,
  /**
   * The analysis was a hidden draft when Execute was pressed (display runs only; absent otherwise and
   * on older groups). The queue decides from the analysis as it is now; this flag only answers when
   * the analysis is gone (execution-views.ts seesRunAnalysis).
   */
  draft: z.optional(z.boolean()),
});
export type GroupRun = z.infer<typeof GroupRunSchema>;

export const ExecutionGroupRecordSchema = z.object({
  groupId: z.string(),
  modelUuid: z.string(),
  modelName: z._default(z.string(), ''),
  createdBy: z.string(),
  createdByName: z._default(z.string(), ''),
  createdOn: z.string(),
  runs: z._default(z.array(GroupRunSchema), []),
  /** The status of each run by instance id, kept current after each run event (for the queue). */
  statuses: z._default(z.record(z.string(), RunStatusSchema), {}),
});
export type ExecutionGroupRecord = z.infer<typeof ExecutionGroupRecordSchema>;

export const ExecutionRunRecordSchema = z.object({
  groupId: z.string(),
  runId: z.string(),
  instanceId: z.string(),
  instanceName: z.string(),
  modelUuid: z.string(),
  subModelId: z.string(),
  type: SubModelTypeSchema,
  filename: z.string(),
  status: RunStatusSchema,
  createdBy: z.string(),
  createdByName: z.string(),
  createdOn: z.string(),
  queuedOn: z.optional(z.string()),
  startedOn: z.optional(z.string()),
  postProcessingOn: z.optional(z.string()),
  finishedOn: z.optional(z.string()),
  executionArn: z.optional(z.string()),
  error: z.optional(ExecutionErrorSchema),
});
export type ExecutionRunRecord = z.infer<typeof ExecutionRunRecordSchema>;

const fromGroupItem = (item: Record<string, unknown>) => parseItem(ExecutionGroupRecordSchema, item);
const fromRunItem = (item: Record<string, unknown>) => parseItem(ExecutionRunRecordSchema, item);

// ---------- reads ----------

/** The group with its runs (one consistent Query of its partition); undefined when unknown. */
export async function getExecutionGroup(
  groupId: string,
): Promise<{ group: ExecutionGroupRecord; runs: ExecutionRunRecord[] } | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': executionGroupPk(groupId) },
    ConsistentRead: true,
  });
  const meta = items.find((i) => i.sk === 'META');
  if (!meta) return undefined;
  return {
    group: fromGroupItem(meta),
    runs: items.filter((i) => String(i.sk).startsWith('RUN#')).map(fromRunItem),
  };
}

export async function getExecutionRun(
  groupId: string,
  instanceId: string,
): Promise<ExecutionRunRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: executionRunKey(groupId, instanceId),
      ConsistentRead: true,
    }),
  );
  return Item ? fromRunItem(Item) : undefined;
}

/**
 * One page of the execution queue: groups by creation time (newest first unless `desc` is false),
 * skipping `offset` groups (the queue's pageIndex is an offset, §3).
 */
export async function queryExecutionQueue(options: {
  offset: number;
  limit: number;
  desc: boolean;
}): Promise<ExecutionGroupRecord[]> {
  const wanted = options.offset + options.limit;
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages({
    IndexName: INDEXES.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': EXEC_QUEUE_PK },
    ScanIndexForward: !options.desc,
    Limit: Math.min(wanted, 500),
  })) {
    items.push(...(page.Items ?? []));
    if (items.length >= wanted) break;
  }
  return items.slice(options.offset, wanted).map(fromGroupItem);
}

/**
 * How many groups the queue holds: the counter item (one read, whatever the queue's size). Groups
 * written before the counter existed carry no `counted` mark; the first read after that counts them
 * once (a COUNT Query of the index filtered to unmarked groups, a set no new write can grow) and adds
 * them to the counter, conditional on that not having happened yet.
 */
export async function countExecutionGroups(): Promise<number> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: queueCounterKey }));
  if (Item?.seeded === true) return Number(Item.groups ?? 0);
  let unmarked = 0;
  for await (const page of queryPages({
    IndexName: INDEXES.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'attribute_not_exists(#counted)',
    ExpressionAttributeNames: { '#counted': 'counted' },
    ExpressionAttributeValues: { ':pk': EXEC_QUEUE_PK },
    Select: 'COUNT',
  })) {
    unmarked += page.Count ?? 0;
  }
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: queueCounterKey,
        UpdateExpression: 'SET #seeded = :true ADD #groups :unmarked',
        ConditionExpression: 'attribute_not_exists(#seeded)',
        ExpressionAttributeNames: { '#seeded': 'seeded', '#groups': 'groups' },
        ExpressionAttributeValues: { ':true': true, ':unmarked': unmarked },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(Attributes?.groups ?? 0);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // Another reader added them first.
    const { Item: seeded } = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: queueCounterKey, ConsistentRead: true }),
    );
    return Number(seeded?.groups ?? 0);
  }
}

/** The queue counter's move in a transaction that adds (+1) or removes (-1) a group. */
function queueCountItem(delta: 1 | -1) {
  return {
    Update: {
      TableName: tableName(),
      Key: queueCounterKey,
      UpdateExpression: 'ADD #groups :delta',
      ExpressionAttributeNames: { '#groups': 'groups' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** Every run that is not finished yet (GSI2 EXECACTIVE), oldest first: what reconciliation checks. */
export async function listActiveRuns(): Promise<ExecutionRunRecord[]> {
  const items = await queryAll({
    IndexName: INDEXES.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': EXEC_ACTIVE_PK },
  });
  return items.map(fromRunItem);
}

/**
 * A run's transaction under the one policy (transactions.ts): false when a condition failed (the
 * instance or run moved on), tried again when cancelled by a concurrent transaction on the same item
 * (the entry's counter, when several runs of an entry change at once).
 */
const transact = (items: readonly TxItem[]) =>
  runTransactionIfConditionsHold(items.map((item) => ({ item })));

// ---------- creating a group ----------

/** The instance as Execute read it: its run may start when its status is still one of `from`. */
export interface ClaimedInstance {
  uuid: string;
  instanceId: string;
  from: readonly InstanceStatus[];
  /** The calibration instance the scenario runs with (stored as the instance's `scenarioId`). */
  scenarioId?: string;
}

/**
 * Groups of this size fit one transaction (DynamoDB's limit is 100 items): a run item and an instance
 * update per instance, and the raise of the entry's instance counter.
 */
export const MAX_CLAIMS_PER_TRANSACTION = 49;

/**
 * Creates a group: its META item first (with the queue counter's +1, in one transaction), then one
 * transaction that writes every run item and moves every instance to NOTSTARTED (each conditional on
 * its status). Returns false, and deletes the group again, when an instance is no longer executable
 * (another Execute took it first).
 */
export async function createExecutionGroup(
  group: ExecutionGroupRecord,
  runs: readonly ExecutionRunRecord[],
  claims: readonly ClaimedInstance[],
): Promise<boolean> {
  if (claims.length > MAX_CLAIMS_PER_TRANSACTION)
    throw new Error(`A group of ${claims.length} instances does not fit one transaction`);
  const TableName = tableName();
  // The queue counter is one item for all groups: a concurrent Execute's transaction may cancel this
  // one, which the runner tries again.
  await runTransaction([
    {
      item: {
        Put: {
          TableName,
          Item: {
            ...executionGroupKey(group.groupId),
            entity: 'ExecutionGroup',
            gsi1pk: EXEC_QUEUE_PK,
            gsi1sk: `${group.createdOn}#${group.groupId}`,
            // In the queue counter (countExecutionGroups counts unmarked, older groups once).
            counted: true,
            ...group,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: 'An execution group with this id exists already.',
    },
    { item: queueCountItem(1) },
  ]);
  const items = [
    ...runs.map((run) => ({
      Put: {
        TableName,
        Item: {
          ...executionRunKey(run.groupId, run.instanceId),
          entity: 'ExecutionRun',
          gsi2pk: EXEC_ACTIVE_PK,
          gsi2sk: `${run.createdOn}#${run.runId}`,
          ...run,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    ...claims.map((claim) => {
      const from = Object.fromEntries(claim.from.map((s, i) => [`:from${i}`, s]));
      return {
        Update: {
          TableName,
          Key: instanceKey(claim.uuid, claim.instanceId),
          UpdateExpression: `SET #status = :to, #lastGroupId = :groupId${claim.scenarioId ? ', #scenarioId = :scenarioId' : ''} ADD #rev :one`,
          ConditionExpression: `attribute_exists(pk) AND #status IN (${Object.keys(from).join(', ')})`,
          ExpressionAttributeNames: {
            '#status': 'status',
            '#lastGroupId': 'lastGroupId',
            '#rev': 'rev',
            ...(claim.scenarioId ? { '#scenarioId': 'scenarioId' } : {}),
          },
          ExpressionAttributeValues: {
            ':to': 'NOTSTARTED',
            ':groupId': group.groupId,
            ':one': 1,
            ...from,
            ...(claim.scenarioId ? { ':scenarioId': claim.scenarioId } : {}),
          },
        },
      };
    }),
    instancesRevBumpItem(group.modelUuid).item,
  ];
  if (await transact(items)) return true;
  await deleteExecutionGroup(group.groupId);
  return false;
}

/**
 * Deletes a group's META item (it leaves the queue) with the queue counter's -1, in one transaction;
 * false when there was none. Its run items, if any, are the caller's.
 */
export async function deleteExecutionGroup(groupId: string): Promise<boolean> {
  return transact([
    {
      Delete: {
        TableName: tableName(),
        Key: executionGroupKey(groupId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    queueCountItem(-1),
  ]);
}

// ---------- run events ----------

export interface RunEvent {
  uuid: string;
  groupId: string;
  instanceId: string;
  to: RunStatus;
  at: string;
  executionArn?: string;
  error?: ExecutionError;
}

/** The run item's timestamp each status sets. */
const STAMPS: Partial<Record<RunStatus, keyof ExecutionRunRecord>> = {
  INQUEUE: 'queuedOn',
  INPROCESS: 'startedOn',
  POSTPROCESSING: 'postProcessingOn',
  COMPLETED: 'finishedOn',
  FAILED: 'finishedOn',
  CANCELLED: 'finishedOn',
};

/**
 * Writes one run event: the instance's status and the run item's, in one transaction, each
 * conditional on the statuses `to` may come from (the instance also on `lastGroupId`). Returns false
 * when the condition fails: the run is elsewhere (finished, cancelled, a later run) and nothing changed.
 * A finished run leaves the index of active runs; a COMPLETED run's instance is no longer outdated.
 */
export async function writeRunEvent(event: RunEvent): Promise<boolean> {
  const TableName = tableName();
  const allowed = RUN_TRANSITIONS[event.to];
  const from = Object.fromEntries(allowed.map((s, i) => [`:from${i}`, s]));
  const inFrom = `#status IN (${Object.keys(from).join(', ')})`;
  const stamp = STAMPS[event.to];
  const final = isFinalRunStatus(event.to);
  const runSets = [
    '#status = :to',
    ...(stamp ? [`#${stamp} = :at`] : []),
    ...(event.executionArn ? ['#executionArn = :arn'] : []),
    ...(event.error ? ['#error = :error'] : []),
  ];
  const instanceSets = ['#status = :to', ...(event.to === 'COMPLETED' ? ['#outdated = :false'] : [])];
  return transact([
    {
      Update: {
        TableName,
        Key: instanceKey(event.uuid, event.instanceId),
        UpdateExpression: `SET ${instanceSets.join(', ')} ADD #rev :one`,
        ConditionExpression: `attribute_exists(pk) AND #lastGroupId = :groupId AND ${inFrom}`,
        ExpressionAttributeNames: {
          '#status': 'status',
          '#lastGroupId': 'lastGroupId',
          '#rev': 'rev',
          ...(event.to === 'COMPLETED' ? { '#outdated': 'outdated' } : {}),
        },
        ExpressionAttributeValues: {
          ':to': event.to,
          ':groupId': event.groupId,
          ':one': 1,
          ...from,
          ...(event.to === 'COMPLETED' ? { ':false': false } : {}),
        },
      },
    },
    {
      Update: {
        TableName,
        Key: executionRunKey(event.groupId, event.instanceId),
        UpdateExpression: `SET ${runSets.join(', ')}${final ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
        ConditionExpression: `attribute_exists(pk) AND ${inFrom}`,
        ExpressionAttributeNames: {
          '#status': 'status',
          ...(stamp ? { [`#${stamp}`]: stamp } : {}),
          ...(event.executionArn ? { '#executionArn': 'executionArn' } : {}),
          ...(event.error ? { '#error': 'error' } : {}),
        },
        ExpressionAttributeValues: {
          ':to': event.to,
          ...from,
          ...(stamp ? { ':at': event.at } : {}),
          ...(event.executionArn ? { ':arn': event.executionArn } : {}),
          ...(event.error ? { ':error': event.error } : {}),
        },
      },
    },
    instancesRevBumpItem(event.uuid).item,
  ]);
}

/**
 * The group's copy of a run's status (what the queue lists), written after the run event; conditional
 * on the same statuses, so that copies written out of order keep the latest.
 */
export async function writeGroupStatus(groupId: string, instanceId: string, to: RunStatus): Promise<void> {
  const from = Object.fromEntries(RUN_TRANSITIONS[to].map((s, i) => [`:from${i}`, s]));
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: executionGroupKey(groupId),
        UpdateExpression: 'SET #statuses.#id = :to',
        ConditionExpression: `#statuses.#id IN (${Object.keys(from).join(', ')})`,
        ExpressionAttributeNames: { '#statuses': 'statuses', '#id': instanceId },
        ExpressionAttributeValues: { ':to': to, ...from },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return;
    throw error;
  }
}

/** The Step Functions execution of a run, as StartExecution named it (whatever the run's status). */
export async function setRunExecutionArn(
  groupId: string,
  instanceId: string,
  executionArn: string,
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: executionRunKey(groupId, instanceId),
      UpdateExpression: 'SET #arn = :arn',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#arn': 'executionArn' },
      ExpressionAttributeValues: { ':arn': executionArn },
    }),
  );
}

/** The entries of some groups (BatchGetItem of their META items), by uuid; deleted entries are absent. */
export async function getEntries(uuids: Iterable<string>): Promise<Map<string, ModelRecord>> {
  const items = await batchGetAll([...new Set(uuids)].map((uuid) => modelKey(uuid)));
  const models = items.map(fromModelItem);
  return new Map(models.map((m) => [m.uuid, m]));
}

/**
 * The instances of some runs (one BatchGetItem per 100), keyed `<uuid>#<instanceId>`; deleted ones are
 * absent. The queue reads the analyses of a page's display runs with it, to decide from each whether
 * it is still a draft.
 */
export async function getRunInstances(
  refs: Iterable<{ uuid: string; instanceId: string }>,
): Promise<Map<string, InstanceRecord>> {
  const items = await batchGetAll([...refs].map((r) => instanceKey(r.uuid, r.instanceId)));
  const instances = items.map(fromInstanceItem);
  return new Map(instances.map((i) => [runInstanceRef(i.modelUuid, i.id), i]));
}

/** The key of getRunInstances' answer. */
export const runInstanceRef = (uuid: string, instanceId: string) => `${uuid}#${instanceId}`;
