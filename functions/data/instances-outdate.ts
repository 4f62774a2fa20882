import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './dynamodb-client';
import { batchWriteAll, queryAll, type TableKey, tableName } from './table';

/**
 * What the sub-model side does to instances (docs/data-model.md, "Instances"): read the summaries of a
 * sub-model's instances, mark them outdated ('Outdate instances', spec 001 §2/§4), and delete them with
 * their sub-model or entry. The instance side (instances.ts) owns the instance items; these functions
 * use the same keys:
 *   INSTANCES#<uuid> / INST#<instanceId>   summary: id, name, status, executionSetupId, outdated...
 *   INSTANCES#<uuid> / NAME#<lower trimmed name>   name uniqueness within the entry
 *   INSTANCES#<uuid> / REV                 `rev`, bumped (UpdateItem ADD) after every instance write
 *   INSTANCE#<instanceId> / ...            the instance's input, shares...
 */
export const instancesPk = (uuid: string) => `INSTANCES#${uuid}`;
export const instanceSummaryKey = (uuid: string, instanceId: string) => ({
  pk: instancesPk(uuid),
  sk: `INST#${instanceId}`,
});
export const instanceNameKey = (uuid: string, name: string) => ({
  pk: instancesPk(uuid),
  sk: `NAME#${name.trim().toLowerCase()}`,
});
export const instancesRevKey = (uuid: string) => ({ pk: instancesPk(uuid), sk: 'REV' });
export const instancePk = (instanceId: string) => `INSTANCE#${instanceId}`;

/** The fields of an instance summary the sub-model side needs. */
export interface InstanceRef {
  id: string;
  name: string;
  status: string;
  executionSetupId: string;
  outdated: boolean;
}

/** The summaries of an entry's instances, or of one sub-model's (`executionSetupId`). */
export async function listInstanceRefs(uuid: string, executionSetupId?: string): Promise<InstanceRef[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(executionSetupId ? { FilterExpression: '#setup = :setup' } : {}),
    ProjectionExpression: '#id, #name, #status, #setup, #outdated',
    ExpressionAttributeNames: {
      '#setup': 'executionSetupId',
      '#id': 'id',
      '#name': 'name',
      '#status': 'status',
      '#outdated': 'outdated',
    },
    ExpressionAttributeValues: {
      ':pk': instancesPk(uuid),
      ':prefix': 'INST#',
      ...(executionSetupId ? { ':setup': executionSetupId } : {}),
    },
    ConsistentRead: true,
  });
  return items.map((i) => ({
    id: String(i.id),
    name: String(i.name ?? ''),
    status: String(i.status ?? ''),
    executionSetupId: String(i.executionSetupId ?? ''),
    outdated: i.outdated === true,
  }));
}

/** Bumps the entry's instance revision, so list caches reload (after any instance write). */
export async function bumpInstancesRev(uuid: string, now = new Date()): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: instancesRevKey(uuid),
      UpdateExpression: 'ADD #rev :one SET #entity = :entity, #modifiedOn = :now',
      ExpressionAttributeNames: { '#rev': 'rev', '#entity': 'entity', '#modifiedOn': 'modifiedOn' },
      ExpressionAttributeValues: { ':one': 1, ':entity': 'InstancesRev', ':now': now.toISOString() },
    }),
  );
}

/**
 * Marks the sub-model's instances outdated (those not outdated yet) and bumps the revision; returns
 * how many were marked. With `statuses`, only instances in one of them (checked again in the write's
 * condition, so one that moved on meanwhile, e.g. executed again, stays as it is). An instance deleted
 * meanwhile is skipped.
 */
export async function outdateInstances(
  uuid: string,
  executionSetupId: string,
  now = new Date(),
  statuses?: readonly string[],
): Promise<number> {
  const refs = (await listInstanceRefs(uuid, executionSetupId)).filter(
    (r) => !r.outdated && (!statuses || statuses.includes(r.status)),
  );
  const inStatuses = statuses ? Object.fromEntries(statuses.map((s, i) => [`:status${i}`, s])) : {};
  const statusCondition = statuses ? ` AND #status IN (${Object.keys(inStatuses).join(', ')})` : '';
  const marked = await inBatches(refs, async (ref) => {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: instanceSummaryKey(uuid, ref.id),
          UpdateExpression: 'SET #outdated = :true, #modifiedOn = :now',
          ConditionExpression: `attribute_exists(pk)${statusCondition}`,
          ExpressionAttributeNames: {
            '#outdated': 'outdated',
            '#modifiedOn': 'modifiedOn',
            ...(statuses ? { '#status': 'status' } : {}),
          },
          ExpressionAttributeValues: { ':true': true, ':now': now.toISOString(), ...inStatuses },
        }),
      );
      return 1;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 0;
      throw error;
    }
  });
  const count = marked.reduce((a: number, b: number) => a + b, 0);
  if (count > 0) await bumpInstancesRev(uuid, now);
  return count;
}

/**
 * Runs `task` over `items`, at most 16 at a time: a sub-model may have thousands of instances, more
 * than one request could update one after the other.
 */
async function inBatches<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 16) {
    results.push(...(await Promise.all(items.slice(start, start + 16).map(task))));
  }
  return results;
}

/** Every key of an instance's own partition (input, shares...). */
async function instancePartitionKeys(instanceId: string): Promise<TableKey[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': instancePk(instanceId) },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  return items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
}

/**
 * Deletes instances with everything that belongs to them: the summary, the name item and the
 * instance's partition; then bumps the revision.
 */
export async function deleteInstances(uuid: string, refs: readonly InstanceRef[]): Promise<void> {
  if (refs.length === 0) return;
  const keys: TableKey[] = refs.flatMap((ref) => [
    instanceSummaryKey(uuid, ref.id),
    ...(ref.name ? [instanceNameKey(uuid, ref.name)] : []),
  ]);
  keys.push(...(await inBatches(refs, (ref) => instancePartitionKeys(ref.id))).flat());
  await batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
  await bumpInstancesRev(uuid);
}

/** Deletes every instance of an entry and its INSTANCES#<uuid> partition (the entry is being deleted). */
export async function deleteAllInstancesOf(uuid: string): Promise<void> {
  const refs = await listInstanceRefs(uuid);
  const keys: TableKey[] = (await inBatches(refs, (ref) => instancePartitionKeys(ref.id))).flat();
  const own = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': instancesPk(uuid) },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  keys.push(...own.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));
  if (keys.length > 0) await batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
}
