import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type RenameJob, RenameJobSchema } from '@shared/schemas/metadata-option';
import { ddb } from './dynamodb-client';
import { parseItem, queryAll, tableName } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * Rename jobs of metadata options (issue 20 §5): OPTIONJOBS / <ulid>, one small partition (an
 * administrator renames an option a few times a year). The job item is the progress the screen shows
 * and what a resumed run continues from: the entries still to rename are found again from the
 * catalogue projection, so the item holds counts, not a cursor.
 */
export const renameJobKey = (jobId: string) => ({ pk: 'OPTIONJOBS', sk: jobId });

export function renameJobPut(job: RenameJob): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...renameJobKey(job.jobId), entity: 'OptionRenameJob', ...job },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

export async function getRenameJob(jobId: string): Promise<RenameJob | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: renameJobKey(jobId), ConsistentRead: true }),
  );
  return Item ? parseItem(RenameJobSchema, Item) : undefined;
}

/** Every job, oldest first (few: the screen shows the running ones of a property). */
export async function listRenameJobs(): Promise<RenameJob[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': 'OPTIONJOBS' },
    ConsistentRead: true,
  });
  return items.map((item) => parseItem(RenameJobSchema, item));
}

/** Progress of a running job: entries renamed so far, and the total as now known. */
export async function setRenameJobProgress(
  jobId: string,
  done: number,
  total: number,
  now = Date.now(),
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: renameJobKey(jobId),
      UpdateExpression: 'SET done = :done, #total = :total, updatedOn = :at',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
      ExpressionAttributeValues: {
        ':done': done,
        ':total': total,
        ':at': new Date(now).toISOString(),
        ':running': 'RUNNING',
      },
    }),
  );
}

/** The Update that ends a job (in the transaction that also clears the option's marker). */
export function renameJobFinish(
  jobId: string,
  status: 'DONE' | 'FAILED',
  done: number,
  now = Date.now(),
  error?: string,
): LabeledTxItem {
  const at = new Date(now).toISOString();
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: renameJobKey(jobId),
        UpdateExpression: `SET #status = :status, done = :done, updatedOn = :at, finishedOn = :at${error ? ', #error = :error' : ''}`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status', ...(error ? { '#error': 'error' } : {}) },
        ExpressionAttributeValues: {
          ':status': status,
          ':done': done,
          ':at': at,
          ':running': 'RUNNING',
          ...(error ? { ':error': error } : {}),
        },
      },
    },
    conflict: 'The rename job has finished already.',
  };
}
