import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { InputDefinitionTypeSchema } from '@shared/sub-models/model-input';
import { SubModelSchema } from '@shared/sub-models/sub-model';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { batchWriteAll, conditionalWrite, queryAll, type TableKey, tableName, withoutKeys } from './table';
import { type LabeledTxItem, runTransaction } from './transactions';

/**
 * Sub-models (execution setups) and their input definitions (docs/data-model.md, "Sub-models"). One
 * partition per entry, apart from MODEL#<uuid> (whose whole partition the entry detail reads):
 *   SUBMODELS#<uuid> / SUBMODEL#<id>                     the sub-model, `version` counts its edits
 *   SUBMODELS#<uuid> / INPUT#<subModelId>#<inputId>      an input definition (value: JSON text)
 * Groups live in the same partition (scenario-groups.ts). Ids are ULIDs.
 */
export const subModelsPk = (uuid: string) => `SUBMODELS#${uuid}`;
export const subModelKey = (uuid: string, id: string) => ({ pk: subModelsPk(uuid), sk: `SUBMODEL#${id}` });
export const inputKey = (uuid: string, subModelId: string, inputId: string) => ({
  pk: subModelsPk(uuid),
  sk: `INPUT#${subModelId}#${inputId}`,
});

export const SubModelRecordSchema = z.extend(SubModelSchema, {
  modelUuid: z.string(),
  definitionType: InputDefinitionTypeSchema,
  version: z.int().check(z.positive()),
  modifiedBy: z.optional(z.string()),
});
export type SubModelRecord = z.infer<typeof SubModelRecordSchema>;

export const InputRecordSchema = z.object({
  id: z.string(),
  subModelId: z.string(),
  modelUuid: z.string(),
  type: InputDefinitionTypeSchema,
  name: z.string(),
  value: z.string(),
  createdBy: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  modifiedBy: z.optional(z.string()),
});
export type InputRecord = z.infer<typeof InputRecordSchema>;

export const SUB_MODEL_STALE_MESSAGE = 'This sub-model was changed by someone else. Reload it and try again.';

const toSubModelItem = (r: SubModelRecord) => ({
  ...subModelKey(r.modelUuid, r.id),
  entity: 'SubModel',
  ...r,
});
const fromSubModelItem = (item: Record<string, unknown>): SubModelRecord =>
  SubModelRecordSchema.parse(withoutKeys(item));
const toInputItem = (r: InputRecord) => ({
  ...inputKey(r.modelUuid, r.subModelId, r.id),
  entity: 'ModelInput',
  ...r,
});
const fromInputItem = (item: Record<string, unknown>): InputRecord =>
  InputRecordSchema.parse(withoutKeys(item));

/** The sub-models of an entry (every type; a few dozen at most). */
export async function listSubModels(uuid: string): Promise<SubModelRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': subModelsPk(uuid), ':prefix': 'SUBMODEL#' },
    ConsistentRead: true,
  });
  return items.map(fromSubModelItem);
}

export async function getSubModel(uuid: string, id: string): Promise<SubModelRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: subModelKey(uuid, id), ConsistentRead: true }),
  );
  return Item ? fromSubModelItem(Item) : undefined;
}

/** A new sub-model (transaction item, with its first input definition). */
export function subModelPut(record: SubModelRecord): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toSubModelItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: 'A sub-model with this id exists already.',
  };
}

/** Replaces a sub-model read at `expectedVersion`; `record.version` is the next one. */
export async function updateSubModel(record: SubModelRecord, expectedVersion: number): Promise<void> {
  await conditionalWrite(
    () =>
      ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: toSubModelItem(record),
          ConditionExpression: 'attribute_exists(pk) AND #version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': expectedVersion },
        }),
      ),
    SUB_MODEL_STALE_MESSAGE,
  );
}

/** Deletes the sub-model item; 409 when it is gone or was edited since `expectedVersion`. */
export async function deleteSubModelItem(uuid: string, id: string, expectedVersion: number): Promise<void> {
  await conditionalWrite(
    () =>
      ddb().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: subModelKey(uuid, id),
          ConditionExpression: 'attribute_exists(pk) AND #version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': expectedVersion },
        }),
      ),
    SUB_MODEL_STALE_MESSAGE,
  );
}

/** Drops a link (`executionSetupId` or `displayExecutionSetupId`) from a sub-model, if it still names `target`. */
export async function removeSubModelLink(
  uuid: string,
  id: string,
  field: 'executionSetupId' | 'displayExecutionSetupId',
  target: string,
): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subModelKey(uuid, id),
        UpdateExpression: 'REMOVE #field',
        ConditionExpression: 'attribute_exists(pk) AND #field = :target',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':target': target },
      }),
    );
  } catch (error) {
    // Changed or deleted meanwhile: nothing of ours to remove.
    if (error instanceof ConditionalCheckFailedException) return;
    throw error;
  }
}

// ---------- input definitions ----------

/** The input definitions of a sub-model (a handful: §4 keeps at most two). */
export async function listInputs(uuid: string, subModelId: string): Promise<InputRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': subModelsPk(uuid), ':prefix': `INPUT#${subModelId}#` },
    ConsistentRead: true,
  });
  return items.map(fromInputItem);
}

export async function getInput(
  uuid: string,
  subModelId: string,
  inputId: string,
): Promise<InputRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: inputKey(uuid, subModelId, inputId),
      ConsistentRead: true,
    }),
  );
  return Item ? fromInputItem(Item) : undefined;
}

/** A new input definition (transaction item). */
export function inputPut(record: InputRecord): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toInputItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: 'An input definition with this id exists already.',
  };
}

/** Condition on the sub-model item, so an input is never written next to a deleted sub-model. */
export function subModelExists(uuid: string, id: string): LabeledTxItem {
  return {
    item: {
      ConditionCheck: {
        TableName: tableName(),
        Key: subModelKey(uuid, id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    conflict: 'The sub-model was deleted meanwhile.',
  };
}

/** Writes a new input definition, provided its sub-model still exists. */
export async function createInput(record: InputRecord): Promise<void> {
  await runTransaction([subModelExists(record.modelUuid, record.subModelId), inputPut(record)]);
}

/** Replaces an existing input definition (the caller read it; a deleted one stays deleted: 409). */
export async function updateInput(record: InputRecord, expectedModifiedOn: string): Promise<void> {
  await conditionalWrite(
    () =>
      ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: toInputItem(record),
          ConditionExpression: 'attribute_exists(pk) AND #modifiedOn = :modifiedOn',
          ExpressionAttributeNames: { '#modifiedOn': 'modifiedOn' },
          ExpressionAttributeValues: { ':modifiedOn': expectedModifiedOn },
        }),
      ),
    'This input definition was changed by someone else. Reload it and try again.',
  );
}

export async function deleteInputs(
  uuid: string,
  subModelId: string,
  inputIds: readonly string[],
): Promise<void> {
  if (inputIds.length === 0) return;
  await batchWriteAll(inputIds.map((id) => ({ DeleteRequest: { Key: inputKey(uuid, subModelId, id) } })));
}

// ---------- whole partitions ----------

async function partitionKeys(uuid: string, prefix?: string): Promise<TableKey[]> {
  const items = await queryAll({
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': subModelsPk(uuid), ...(prefix ? { ':prefix': prefix } : {}) },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  return items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
}

/** The keys of what belongs to one sub-model: its input definitions, groups and group names. */
export async function subModelOwnedKeys(uuid: string, subModelId: string): Promise<TableKey[]> {
  const lists = await Promise.all(
    [`INPUT#${subModelId}#`, `GROUP#${subModelId}#`, `GROUPNAME#${subModelId}#`].map((p) =>
      partitionKeys(uuid, p),
    ),
  );
  return lists.flat();
}

/** Every key of the entry's sub-model partition (the entry is being deleted). */
export const subModelPartitionKeys = (uuid: string) => partitionKeys(uuid);

export async function deleteKeys(keys: readonly TableKey[]): Promise<void> {
  if (keys.length === 0) return;
  await batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
}
