import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type AuditRecord, AuditRecordSchema } from '@shared/schemas/collaboration';
import { ulid } from 'ulid';
import { ddb } from './dynamodb-client';
import { tableName, withoutKeys } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * The audit trail of a model entry (issue 4 §7): AUDIT#<modelUuid> / <ulid>, one item per grant, stop,
 * ownership transfer, download or access request. ULIDs sort by time, so the newest-first page is a
 * descending Query. Records are never updated or deleted by the API (deleting a draft entry removes
 * its trail with it: a draft was never shared beyond its role holders).
 *
 * A record that belongs to a change is written IN the change's TransactWrite (`auditPut`), so there is
 * never a grant without its record nor a record of a grant that failed. A download writes its record
 * (`writeAudit`) before the presigned URL is issued.
 */
export const auditKey = (modelUuid: string, id: string) => ({ pk: `AUDIT#${modelUuid}`, sk: id });

export type NewAuditRecord = Omit<AuditRecord, 'id' | 'at'> & { at?: string };

export function newAuditRecord(input: NewAuditRecord, now = Date.now()): AuditRecord {
  return AuditRecordSchema.parse({ ...input, id: ulid(now), at: input.at ?? new Date(now).toISOString() });
}

export function toAuditItem(record: AuditRecord) {
  return { ...auditKey(record.modelUuid, record.id), entity: 'Audit', ...record };
}

export function fromAuditItem(item: Record<string, unknown>): AuditRecord {
  return AuditRecordSchema.parse(withoutKeys(item));
}

/** The Put of one audit record, to include in a change's transaction. */
export function auditPut(input: NewAuditRecord, now = Date.now()): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toAuditItem(newAuditRecord(input, now)),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: 'An audit record with this id exists already.',
  };
}

/** Writes one audit record on its own (downloads, requests: nothing else changes). */
export async function writeAudit(input: NewAuditRecord, now = Date.now()): Promise<AuditRecord> {
  const record = newAuditRecord(input, now);
  await ddb().send(new PutCommand({ TableName: tableName(), Item: toAuditItem(record) }));
  return record;
}

/** Newest first, `limit` at a time; `cursor` is the id of the last record of the previous page. */
export async function listAudit(
  modelUuid: string,
  limit: number,
  cursor?: string,
): Promise<{ items: AuditRecord[]; cursor?: string }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#${modelUuid}` },
      ScanIndexForward: false,
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: auditKey(modelUuid, cursor) } : {}),
    }),
  );
  const items = (out.Items ?? []).map(fromAuditItem);
  const last = out.LastEvaluatedKey?.sk;
  return { items, ...(typeof last === 'string' ? { cursor: last } : {}) };
}
