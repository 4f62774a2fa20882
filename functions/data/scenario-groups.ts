import { GROUP_LABELS } from '@shared/sub-models/groups';
import { FORM_MESSAGES } from '@shared/sub-models/messages';
import * as z from 'zod/mini';
import { subModelExists, subModelsPk } from './sub-models';
import { queryAll, tableName, withoutKeys } from './table';
import { type LabeledTxItem, runTransaction } from './transactions';

/**
 * Scenario groups (docs/data-model.md, "Sub-models"), in the entry's sub-model partition:
 *   SUBMODELS#<uuid> / GROUP#<subModelId>#<groupId>            the group (name, scenarioIds)
 *   SUBMODELS#<uuid> / GROUPNAME#<subModelId>#<lower name>     uniqueness of the name in its sub-model
 * The group and its name item are written in one transaction, so two groups of one sub-model can never
 * share a name, whatever the case (§5 "unique case-insensitively within the same sub-model").
 */
export const groupKey = (uuid: string, subModelId: string, groupId: string) => ({
  pk: subModelsPk(uuid),
  sk: `GROUP#${subModelId}#${groupId}`,
});
/** The name as the uniqueness rule compares it (shared/sub-models/groups.ts groupNameProblem). */
export const groupNameKeyOf = (name: string) => name.trim().toLocaleLowerCase();
export const groupNameKey = (uuid: string, subModelId: string, name: string) => ({
  pk: subModelsPk(uuid),
  sk: `GROUPNAME#${subModelId}#${groupNameKeyOf(name)}`,
});

export const GroupRecordSchema = z.object({
  id: z.string(),
  modelUuid: z.string(),
  executionSetupId: z.string(),
  name: z.string(),
  scenarioIds: z.array(z.string()),
  createdBy: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  modifiedBy: z.optional(z.string()),
  version: z.int().check(z.positive()),
});
export type GroupRecord = z.infer<typeof GroupRecordSchema>;

export const GROUP_NAME_TAKEN = FORM_MESSAGES.notUnique(GROUP_LABELS.name);
const GROUP_STALE = 'This group was changed by someone else. Reload it and try again.';

const toGroupItem = (g: GroupRecord) => ({
  ...groupKey(g.modelUuid, g.executionSetupId, g.id),
  entity: 'ScenarioGroup',
  ...g,
});
const fromGroupItem = (item: Record<string, unknown>): GroupRecord =>
  GroupRecordSchema.parse(withoutKeys(item));

/** The groups of an entry, or of one of its sub-models. */
export async function listGroups(uuid: string, subModelId?: string): Promise<GroupRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': subModelsPk(uuid),
      ':prefix': subModelId ? `GROUP#${subModelId}#` : 'GROUP#',
    },
    ConsistentRead: true,
  });
  return items.map(fromGroupItem);
}

/**
 * One group by its id. The route names no sub-model, so this reads the entry's groups and keeps the
 * one asked for (a filter on the Query: an entry has a few groups per sub-model, and the key keeps
 * the sub-model first so that listing one sub-model's groups stays a key condition).
 */
export async function findGroup(uuid: string, groupId: string): Promise<GroupRecord | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#id = :id',
    ExpressionAttributeNames: { '#id': 'id' },
    ExpressionAttributeValues: { ':pk': subModelsPk(uuid), ':prefix': 'GROUP#', ':id': groupId },
    ConsistentRead: true,
  });
  const item = items[0];
  return item ? fromGroupItem(item) : undefined;
}

function nameGuardPut(group: GroupRecord): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...groupNameKey(group.modelUuid, group.executionSetupId, group.name),
          entity: 'ScenarioGroupName',
          groupId: group.id,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: GROUP_NAME_TAKEN,
  };
}

function nameGuardDelete(group: GroupRecord): LabeledTxItem {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: groupNameKey(group.modelUuid, group.executionSetupId, group.name),
      },
    },
  };
}

/** A new group with its name item, while its sub-model exists; 409 'Name is not unique' when taken. */
export async function createGroup(group: GroupRecord): Promise<void> {
  await runTransaction([
    subModelExists(group.modelUuid, group.executionSetupId),
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toGroupItem(group),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: 'A group with this id exists already.',
    },
    nameGuardPut(group),
  ]);
}

/** Replaces a group read at `before.version`; a new name moves its name item (409 when taken). */
export async function updateGroup(before: GroupRecord, after: GroupRecord): Promise<void> {
  const renamed = groupNameKeyOf(before.name) !== groupNameKeyOf(after.name);
  await runTransaction([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toGroupItem(after),
          ConditionExpression: 'attribute_exists(pk) AND #version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      conflict: GROUP_STALE,
    },
    ...(renamed ? [nameGuardDelete(before), nameGuardPut(after)] : []),
  ]);
}

export async function deleteGroup(group: GroupRecord): Promise<void> {
  await runTransaction([
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: groupKey(group.modelUuid, group.executionSetupId, group.id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      conflict: 'This group was deleted meanwhile.',
    },
    nameGuardDelete(group),
  ]);
}
