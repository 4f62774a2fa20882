import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type EntryLastOpened,
  EntryLastOpenedSchema,
  type EntryMonthUsage,
  EntryMonthUsageSchema,
  type UsageKind,
  type UsageMonth,
} from '@shared/schemas/usage';
import { ddb } from './dynamodb-client';
import { INDEXES, parseItem, queryPages, tableName } from './table';

/**
 * Usage counters (issue 20 §8), kept by the request that does the counted thing, so the admin usage
 * page reads what it shows and never scans:
 * - EntryMonthUsage: USAGE#<yyyy-MM> / MODEL#<uuid> with `views`, `downloads`, `runs` (atomic ADD).
 *   One month's grid is one Query of its partition. Its writes spread over one item per entry, which
 *   DynamoDB's adaptive capacity splits by sort key when a month grows hot.
 * - EntryLastOpened: USAGELAST#<uuid> / META with the month it was last opened; GSI1
 *   USAGE#LASTOPENED / <yyyy-MM>#<uuid> orders entries by it, so "opened in the last year" is one
 *   range Query. Written at most once per entry and month (conditional on an older month), so the
 *   index is not rewritten on every view.
 */
export const entryMonthUsageKey = (month: UsageMonth, modelUuid: string) => ({
  pk: `USAGE#${month}`,
  sk: `MODEL#${modelUuid}`,
});
export const entryLastOpenedKey = (modelUuid: string) => ({ pk: `USAGELAST#${modelUuid}`, sk: 'META' });
const LAST_OPENED_INDEX_PK = 'USAGE#LASTOPENED';

export function fromEntryMonthUsageItem(item: Record<string, unknown>): EntryMonthUsage {
  return parseItem(EntryMonthUsageSchema, {
    views: 0,
    downloads: 0,
    runs: 0,
    ...item,
  });
}

/** Adds `count` to one counter of an entry's month (creating the row at its first count). */
export async function addUsage(
  modelUuid: string,
  kind: UsageKind,
  count: number,
  month: UsageMonth,
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: entryMonthUsageKey(month, modelUuid),
      UpdateExpression: 'SET entity = :entity, #month = :month, modelUuid = :uuid ADD #kind :count',
      ExpressionAttributeNames: { '#month': 'month', '#kind': kind },
      ExpressionAttributeValues: {
        ':entity': 'EntryMonthUsage',
        ':month': month,
        ':uuid': modelUuid,
        ':count': count,
      },
    }),
  );
}

/** Moves an entry's "last opened" forward to `month`; a no-op when it is there already. */
export async function markOpened(modelUuid: string, month: UsageMonth): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entryLastOpenedKey(modelUuid),
        UpdateExpression:
          'SET entity = :entity, modelUuid = :uuid, lastOpened = :month, gsi1pk = :gpk, gsi1sk = :gsk',
        ConditionExpression: 'attribute_not_exists(lastOpened) OR lastOpened < :month',
        ExpressionAttributeValues: {
          ':entity': 'EntryLastOpened',
          ':uuid': modelUuid,
          ':month': month,
          ':gpk': LAST_OPENED_INDEX_PK,
          ':gsk': `${month}#${modelUuid}`,
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return;
    throw error;
  }
}

/** Every entry's counters of one month (one partition). */
export async function listMonthUsage(month: UsageMonth): Promise<EntryMonthUsage[]> {
  const rows: EntryMonthUsage[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :model)',
    ExpressionAttributeValues: { ':pk': `USAGE#${month}`, ':model': 'MODEL#' },
  });
  for await (const page of pages)
    for (const item of page.Items ?? []) rows.push(fromEntryMonthUsageItem(item));
  return rows;
}

/** When each entry that was ever opened was last opened (one index partition, keys and month only). */
export async function listLastOpened(): Promise<EntryLastOpened[]> {
  const rows: EntryLastOpened[] = [];
  const pages = queryPages({
    IndexName: INDEXES.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': LAST_OPENED_INDEX_PK },
    ProjectionExpression: 'modelUuid, lastOpened',
  });
  for await (const page of pages)
    for (const item of page.Items ?? []) rows.push(parseItem(EntryLastOpenedSchema, item));
  return rows;
}

/**
 * Writes an entry's counters of one month unless the month has a row already (the demo seed: a
 * second start, or counts users added since, are left as they are).
 */
export async function putUsageIfAbsent(row: EntryMonthUsage): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...entryMonthUsageKey(row.month, row.modelUuid), entity: 'EntryMonthUsage', ...row },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
