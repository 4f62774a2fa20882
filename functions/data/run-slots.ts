import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { parseItem, queryAll, tableName } from './table';
import { ConditionFailedError, runTransaction } from './transactions';

/**
 * Run slots (docs/data-model.md, "Run slots"): a counting semaphore that caps the model runs holding a
 * Fargate task at once (the account's vCPU quota and RunTask rate; docs/deploy.md, "Quotas").
 *   RUNSLOTS / COUNT          `running`: how many slots are held (ADD +1 / -1 only)
 *   RUNSLOTS / RUN#<runId>    one holder: its run's ids and when it took the slot
 * Taking and giving back a slot each write the counter and the holder in one transaction, the take
 * conditional on `running < limit` and on the holder being new, the give-back on the holder existing:
 * a repeated take (a retried Lambda task) or give-back (the workflow and reconciliation both) moves
 * the counter once.
 */
export const RUN_SLOTS_PK = 'RUNSLOTS';
const counterKey = { pk: RUN_SLOTS_PK, sk: 'COUNT' };
const holderKey = (runId: string) => ({ pk: RUN_SLOTS_PK, sk: `RUN#${runId}` });

const RunSlotHolderSchema = z.object({
  runId: z.string(),
  groupId: z.string(),
  instanceId: z.string(),
  acquiredOn: z.string(),
});
export type RunSlotHolder = z.infer<typeof RunSlotHolderSchema>;

export type AcquireOutcome = 'ACQUIRED' | 'HELD' | 'FULL';

/** Takes a slot for the run: ACQUIRED, HELD (it had one already), or FULL (`limit` slots are held). */
export async function acquireRunSlot(holder: RunSlotHolder, limit: number): Promise<AcquireOutcome> {
  const TableName = tableName();
  try {
    // The counter is one item for every run: a concurrent take or give-back cancels this transaction
    // now and then, which the runner sends again (transactions.ts).
    await runTransaction([
      {
        item: {
          Update: {
            TableName,
            Key: counterKey,
            UpdateExpression: 'ADD #running :one',
            ConditionExpression: 'attribute_not_exists(#running) OR #running < :limit',
            ExpressionAttributeNames: { '#running': 'running' },
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
          },
        },
      },
      {
        item: {
          Put: {
            TableName,
            Item: { ...holderKey(holder.runId), entity: 'RunSlot', ...holder },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
    ]);
    return 'ACQUIRED';
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    // Held wins over full: a run that has its slot must not be told to wait for one.
    return error.failedItems.includes(1) ? 'HELD' : 'FULL';
  }
}

/** Gives the run's slot back; false when it held none (already given back, or never taken). */
export async function releaseRunSlot(runId: string): Promise<boolean> {
  const TableName = tableName();
  try {
    await runTransaction([
      { item: { Delete: { TableName, Key: holderKey(runId), ConditionExpression: 'attribute_exists(pk)' } } },
      {
        item: {
          Update: {
            TableName,
            Key: counterKey,
            UpdateExpression: 'ADD #running :minusOne',
            ExpressionAttributeNames: { '#running': 'running' },
            ExpressionAttributeValues: { ':minusOne': -1 },
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}

/** How many slots are held (a consistent read of the counter). */
export async function countRunSlots(): Promise<number> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: counterKey, ConsistentRead: true }),
  );
  return Number(Item?.running ?? 0);
}

/** Every run holding a slot: what reconciliation checks against the runs' statuses. */
export async function listRunSlotHolders(): Promise<RunSlotHolder[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :run)',
    ExpressionAttributeValues: { ':pk': RUN_SLOTS_PK, ':run': 'RUN#' },
    ConsistentRead: true,
  });
  return items.map((item) => parseItem(RunSlotHolderSchema, item));
}
