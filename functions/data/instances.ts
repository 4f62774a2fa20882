import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type InstanceStatus, InstanceStatusSchema, instanceNameTaken } from '@shared/sub-models/instances';
import { SubModelTypeSchema } from '@shared/sub-models/sub-model';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { batchWriteAll, queryAll, tableName, withoutKeys } from './table';
import { type LabeledTxItem, MAX_TRANSACTION_ITEMS, runTransaction } from './transactions';

/**
 * Instances (scenarios) of sub-models (docs/data-model.md, "Instances"):
 * - `INSTANCES#<uuid>` / `INST#<instanceId>`: the instance without its values: everything the list
 *   shows and filters on, plus `displayScenarios` and the optimistic `rev`.
 * - `INSTANCES#<uuid>` / `NAME#<lower trimmed name>`: the name guard (names are unique in an entry).
 * - `INSTANCES#<uuid>` / `REV`: a counter that every write of the entry's instances raises by one in
 *   the same transaction, so that a list cache knows from one GetItem whether it is current.
 * - `INSTANCE#<instanceId>` / `INPUT`: the values (JSON text) and the input definition they belong to.
 * - `INSTANCE#<instanceId>` / `SHARE#<userId>`: a share, ACTIVE or INACTIVE.
 * Every write is one TransactWrite (`commitInstanceWrite`), so an instance is never half-written and
 * the counter never lags a write.
 */
export const instancesPk = (uuid: string) => `INSTANCES#${uuid}`;
export const instanceKey = (uuid: string, instanceId: string) => ({
  pk: instancesPk(uuid),
  sk: `${INSTANCE_SK_PREFIX}${instanceId}`,
});
export const instanceNameGuardKey = (uuid: string, nameKey: string) => ({
  pk: instancesPk(uuid),
  sk: `NAME#${nameKey}`,
});
export const instancesRevKey = (uuid: string) => ({ pk: instancesPk(uuid), sk: 'REV' });
export const instanceInputKey = (instanceId: string) => ({ pk: `INSTANCE#${instanceId}`, sk: 'INPUT' });
export const instanceShareKey = (instanceId: string, userId: string) => ({
  pk: `INSTANCE#${instanceId}`,
  sk: `SHARE#${userId}`,
});
const INSTANCE_SK_PREFIX = 'INST#';

/** The guard's key of a name: trimmed and in lower case, so 'Base' and ' base ' collide. */
export const instanceNameKey = (name: string) => name.trim().toLowerCase();

const INSTANCE_FIELDS = {
  modelUuid: z.string(),
  id: z.string(),
  name: z.string(),
  nameKey: z.string(),
  label: z.optional(z.string()),
  status: InstanceStatusSchema,
  createdBy: z.string(),
  createdByName: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  modifiedBy: z.optional(z.string()),
  outdated: z.boolean(),
  hidden: z.boolean(),
  type: SubModelTypeSchema,
  executionSetupId: z.string(),
  scenarioId: z.optional(z.string()),
  lastGroupId: z.optional(z.string()),
  /** The input definition the values belong to. */
  modelInputId: z.string(),
  /** Users with an ACTIVE share (kept here so the list can say 'Shared' without reading shares). */
  sharedWith: z.array(z.string()),
  displayScenarios: z.optional(
    z.array(z.object({ id: z.string(), label: z.optional(z.string()), order: z.number() })),
  ),
  rev: z.int(),
};
/**
 * An instance item as read. Loose: attributes other writers add (the runs' status bookkeeping) are
 * kept and written back, since every change of ours replaces the whole item.
 */
export const InstanceRecordSchema = z.looseObject(INSTANCE_FIELDS);
export type InstanceRecord = z.infer<typeof InstanceRecordSchema>;

/** The record with this module's fields only (a clone starts from these, not from a run's leftovers). */
export const ownInstanceFields = (record: InstanceRecord): InstanceRecord =>
  z.object(INSTANCE_FIELDS).parse(record);

/** The fields of the list (the Query's projection): a record without values, scenarios and bookkeeping. */
export type InstanceSummaryRecord = Pick<
  InstanceRecord,
  | 'id'
  | 'name'
  | 'label'
  | 'status'
  | 'createdBy'
  | 'createdByName'
  | 'createdOn'
  | 'modifiedOn'
  | 'outdated'
  | 'hidden'
  | 'type'
  | 'executionSetupId'
  | 'scenarioId'
  | 'lastGroupId'
  | 'sharedWith'
>;
/** The attributes the list reads (its ProjectionExpression); the bench's floor query reads the same. */
export const SUMMARY_FIELDS = [
  'id',
  'name',
  'label',
  'status',
  'createdBy',
  'createdByName',
  'createdOn',
  'modifiedOn',
  'outdated',
  'hidden',
  'type',
  'executionSetupId',
  'scenarioId',
  'lastGroupId',
  'sharedWith',
] as const satisfies readonly (keyof InstanceSummaryRecord)[];

export interface InstanceInput {
  modelInputId: string;
  /** JSON text of an object. */
  value: string;
  addNewInstance?: boolean;
  modifiedOn: string;
}

export interface ShareRecord {
  userId: string;
  status: 'ACTIVE' | 'INACTIVE';
  sharedBy: string;
  sharedOn: string;
  modifiedOn: string;
}

function toInstanceItem(record: InstanceRecord) {
  return { ...instanceKey(record.modelUuid, record.id), entity: 'Instance', ...record };
}

export function fromInstanceItem(item: Record<string, unknown>): InstanceRecord {
  return InstanceRecordSchema.parse(withoutKeys(item));
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * A projected list item. Written only by this module, so it is read without a schema: parsing 10,000
 * items with zod on every reload of the list cache would cost more than the Query itself.
 */
function fromSummaryItem(item: Record<string, unknown>): InstanceSummaryRecord {
  const label = text(item.label);
  const scenarioId = text(item.scenarioId);
  const lastGroupId = text(item.lastGroupId);
  return {
    id: String(item.id),
    name: String(item.name),
    ...(label !== undefined ? { label } : {}),
    status: item.status as InstanceStatus,
    createdBy: String(item.createdBy),
    createdByName: String(item.createdByName ?? ''),
    createdOn: String(item.createdOn),
    modifiedOn: String(item.modifiedOn),
    outdated: item.outdated === true,
    hidden: item.hidden === true,
    type: item.type as InstanceRecord['type'],
    executionSetupId: String(item.executionSetupId),
    ...(scenarioId !== undefined ? { scenarioId } : {}),
    ...(lastGroupId !== undefined ? { lastGroupId } : {}),
    sharedWith: Array.isArray(item.sharedWith) ? (item.sharedWith as string[]) : [],
  };
}

// ---------- reads ----------

export async function getInstance(uuid: string, instanceId: string): Promise<InstanceRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: instanceKey(uuid, instanceId), ConsistentRead: true }),
  );
  return Item ? fromInstanceItem(Item) : undefined;
}

export async function getInstanceInput(instanceId: string): Promise<InstanceInput | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: instanceInputKey(instanceId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    modelInputId: String(Item.modelInputId ?? ''),
    value: String(Item.value ?? '{}'),
    ...(typeof Item.addNewInstance === 'boolean' ? { addNewInstance: Item.addNewInstance } : {}),
    modifiedOn: String(Item.modifiedOn ?? ''),
  };
}

/** The instance holding a name in the entry, if any (consistent: the name check must see a create). */
export async function getInstanceNameOwner(uuid: string, nameKey: string): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: instanceNameGuardKey(uuid, nameKey),
      ConsistentRead: true,
    }),
  );
  return typeof Item?.instanceId === 'string' ? Item.instanceId : undefined;
}

/** Every share of an instance, active or not. */
export async function listInstanceShares(instanceId: string): Promise<ShareRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :share)',
    ExpressionAttributeValues: { ':pk': `INSTANCE#${instanceId}`, ':share': 'SHARE#' },
    ConsistentRead: true,
  });
  return items.map((i) => ({
    userId: String(i.userId),
    status: i.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    sharedBy: String(i.sharedBy ?? ''),
    sharedOn: String(i.sharedOn ?? ''),
    modifiedOn: String(i.modifiedOn ?? ''),
  }));
}

/** The entry's instance counter (0 before the first write). Consistent: a cache compares it. */
export async function readInstancesRev(uuid: string): Promise<number> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: instancesRevKey(uuid),
      ConsistentRead: true,
      ProjectionExpression: '#rev',
      ExpressionAttributeNames: { '#rev': 'rev' },
    }),
  );
  return typeof Item?.rev === 'number' ? Item.rev : 0;
}

/**
 * Every instance of an entry, list fields only: one consistent Query of the `INST#` items with a
 * projection (about 300 bytes an instance, so 10,000 instances are three or four 1 MB pages).
 */
export async function queryInstanceSummaries(uuid: string): Promise<InstanceSummaryRecord[]> {
  const names = Object.fromEntries(SUMMARY_FIELDS.map((f) => [`#${f}`, f]));
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :inst)',
    ExpressionAttributeValues: { ':pk': instancesPk(uuid), ':inst': INSTANCE_SK_PREFIX },
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: names,
    ConsistentRead: true,
  });
  return items.map(fromSummaryItem);
}

// ---------- writes ----------

export const STALE_INSTANCE = 'This instance was changed by someone else. Reload it and try again.';

/**
 * One write of an entry's instances, committed as one transaction together with the counter's raise.
 * `put` writes an instance: `read` is 'new' for a create, else the record as it was read (the write
 * is conditional on its `rev` and `modifiedOn`; the new record carries rev + 1); `remove` deletes one
 * (checked the same way).
 */
export interface InstanceWrite {
  uuid: string;
  /** Other items' conditions the write depends on (the sub-model still exists...). */
  conditions?: LabeledTxItem[];
  put?: { record: InstanceRecord; read: InstanceRecord | 'new' }[];
  remove?: InstanceRecord[];
  /** Name guards to take (`attribute_not_exists`) and to give back (only if still this instance's). */
  takeNames?: { nameKey: string; name: string; instanceId: string }[];
  releaseNames?: { nameKey: string; instanceId: string }[];
  putInputs?: { instanceId: string; input: InstanceInput }[];
  removeInputs?: string[];
  putShares?: { instanceId: string; share: ShareRecord }[];
  removeShares?: { instanceId: string; userId: string }[];
}

/**
 * The instance is as it was read: same `rev` and same `modifiedOn`. The sub-model side marks instances
 * outdated with an UpdateItem of `outdated` and `modifiedOn` only (instances-outdate.ts), so the second
 * half keeps a write of ours from undoing that.
 */
function revCondition(read: Pick<InstanceRecord, 'rev' | 'modifiedOn'>) {
  return {
    ConditionExpression: 'attribute_exists(pk) AND #rev = :rev AND #modifiedOn = :modifiedOn',
    ExpressionAttributeNames: { '#rev': 'rev', '#modifiedOn': 'modifiedOn' },
    ExpressionAttributeValues: { ':rev': read.rev, ':modifiedOn': read.modifiedOn },
  };
}

/** DynamoDB's limit of items in one TransactWrite (one of them is the counter). */
export const MAX_INSTANCE_TX_ITEMS = MAX_TRANSACTION_ITEMS;

export function instanceWriteItems(write: InstanceWrite): LabeledTxItem[] {
  const TableName = tableName();
  const items: LabeledTxItem[] = [...(write.conditions ?? [])];
  for (const { record, read } of write.put ?? []) {
    items.push({
      item: {
        Put: {
          TableName,
          Item: toInstanceItem(record),
          ...(read === 'new' ? { ConditionExpression: 'attribute_not_exists(pk)' } : revCondition(read)),
        },
      },
      conflict: read === 'new' ? 'This instance exists already.' : STALE_INSTANCE,
    });
  }
  for (const record of write.remove ?? []) {
    items.push({
      item: {
        Delete: {
          TableName,
          Key: instanceKey(record.modelUuid, record.id),
          ...revCondition(record),
        },
      },
      conflict: STALE_INSTANCE,
    });
  }
  for (const guard of write.takeNames ?? []) {
    items.push({
      item: {
        Put: {
          TableName,
          Item: {
            ...instanceNameGuardKey(write.uuid, guard.nameKey),
            entity: 'InstanceName',
            name: guard.name,
            instanceId: guard.instanceId,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: instanceNameTaken(),
    });
  }
  for (const guard of write.releaseNames ?? []) {
    items.push({
      item: {
        Delete: {
          TableName,
          Key: instanceNameGuardKey(write.uuid, guard.nameKey),
          ConditionExpression: 'instanceId = :id',
          ExpressionAttributeValues: { ':id': guard.instanceId },
        },
      },
      conflict: STALE_INSTANCE,
    });
  }
  for (const { instanceId, input } of write.putInputs ?? []) {
    items.push({
      item: {
        Put: {
          TableName,
          Item: { ...instanceInputKey(instanceId), entity: 'InstanceInput', instanceId, ...input },
        },
      },
    });
  }
  for (const instanceId of write.removeInputs ?? []) {
    items.push({ item: { Delete: { TableName, Key: instanceInputKey(instanceId) } } });
  }
  for (const { instanceId, share } of write.putShares ?? []) {
    items.push({
      item: {
        Put: {
          TableName,
          Item: {
            ...instanceShareKey(instanceId, share.userId),
            entity: 'InstanceShare',
            instanceId,
            ...share,
          },
        },
      },
    });
  }
  for (const { instanceId, userId } of write.removeShares ?? []) {
    items.push({ item: { Delete: { TableName, Key: instanceShareKey(instanceId, userId) } } });
  }
  items.push(instancesRevBumpItem(write.uuid));
  return items;
}

/**
 * The counter's raise as a transaction item. Every other writer of `INST#` items (status changes of
 * runs and of calibration governance) puts it into its own transaction, so lists never miss a change.
 */
export function instancesRevBumpItem(uuid: string): LabeledTxItem {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: instancesRevKey(uuid),
        UpdateExpression: 'ADD #rev :one SET #entity = :entity',
        ExpressionAttributeNames: { '#rev': 'rev', '#entity': 'entity' },
        ExpressionAttributeValues: { ':one': 1, ':entity': 'InstancesRev' },
      },
    },
  };
}

/**
 * Commits one InstanceWrite: all or nothing, under the one transaction policy (transactions.ts). A
 * failed condition becomes a 409 with the message of the item that failed (name taken, stale rev); a
 * cancellation by a concurrent transaction (both raised the counter) is tried again.
 */
export async function commitInstanceWrite(write: InstanceWrite): Promise<void> {
  await runTransaction(instanceWriteItems(write), { conflict: STALE_INSTANCE });
}

/** Deletes the share items of deleted instances. */
export async function deleteShareItems(instanceIds: readonly string[]): Promise<void> {
  const keys = (
    await Promise.all(
      instanceIds.map(async (id) =>
        (await listInstanceShares(id)).map((s) => instanceShareKey(id, s.userId)),
      ),
    )
  ).flat();
  await batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
}
