import type { InstanceStatus } from '@shared/sub-models/instances';
import { instanceKey, instancesRevBumpItem } from './instances';
import { tableName } from './table';
import { runTransactionIfConditionsHold } from './transactions';

/**
 * Status changes of instances outside a run: calibration governance (accept, unaccept, supersede,
 * spec 001 §4). Run events are in executions.ts. Each change is conditional on the one status it may
 * come from and raises the instance's `rev` (a concurrent edit read before it then fails instead of
 * writing the old status back); the changes of one action are one transaction, with the raise of the
 * entry's instance counter (list caches reload).
 */
export interface StatusChange {
  uuid: string;
  instanceId: string;
  from: InstanceStatus;
  to: InstanceStatus;
}

/** Writes the changes together; false when an instance is no longer in its `from` status. */
export async function writeStatusChanges(changes: readonly StatusChange[]): Promise<boolean> {
  const TableName = tableName();
  const items = changes.map((c) => ({
    item: {
      Update: {
        TableName,
        Key: instanceKey(c.uuid, c.instanceId),
        UpdateExpression: 'SET #status = :to ADD #rev :one',
        ConditionExpression: 'attribute_exists(pk) AND #status = :from',
        ExpressionAttributeNames: { '#status': 'status', '#rev': 'rev' },
        ExpressionAttributeValues: { ':to': c.to, ':from': c.from, ':one': 1 },
      },
    },
  }));
  return runTransactionIfConditionsHold([...items, instancesRevBumpItem(changes[0]?.uuid ?? '')]);
}
