import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type AuditRecord, AuditRecordSchema } from '@shared/schemas/collaboration';
import { ulid } from 'ulid';
import { ddb } from './dynamodb-client';
import { INDEXES, tableName, withoutKeys } from './table';
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

/**
 * The audit trail of the Admin Space (issue 20 §7): ADMINAUDIT / <ulid>, one item per administrator's
 * change (incident status, metadata options, users), with who, when, what and the state before and
 * after. One partition: administrators change things a few times a day, far below a partition's
 * limits, and the newest-first page is one descending Query.
 */
export const adminAuditKey = (id: string) => ({ pk: 'ADMINAUDIT', sk: id });
/**
 * GSI1 of an admin audit record: ADMINAUDIT#<target> / <ulid>, so one thing's history (an external
 * user's, an incident's) is one descending Query instead of a filter over the whole trail.
 */
const adminAuditTargetKey = (target: string, id: string) => ({
  gsi1pk: `ADMINAUDIT#${target}`,
  gsi1sk: id,
});

export interface AdminAuditInput {
  /** The administrator. */
  actor: string;
  /** What was done, e.g. 'INCIDENT_UPDATED', 'OPTION_RENAMED'. */
  action: string;
  /** What it was done to, e.g. 'incident:01J…', 'option:product:Glucora'. */
  target: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Free text that belongs to the change (a rejection's reason, an extension's dates). */
  detail?: string;
}

export interface AdminAuditRecord extends AdminAuditInput {
  id: string;
  at: string;
}

export function newAdminAuditRecord(input: AdminAuditInput, now = Date.now()): AdminAuditRecord {
  return { ...input, id: ulid(now), at: new Date(now).toISOString() };
}

/** The Put of one admin audit record, to include in the change's own transaction. */
export function adminAuditPut(input: AdminAuditInput, now = Date.now()): LabeledTxItem {
  const record = newAdminAuditRecord(input, now);
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...adminAuditKey(record.id),
          ...adminAuditTargetKey(record.target, record.id),
          entity: 'AdminAudit',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: 'An audit record with this id exists already.',
  };
}

/** The newest admin audit records first (tests, and the trail's future screen). */
export async function listAdminAudit(limit: number): Promise<AdminAuditRecord[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'ADMINAUDIT' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => withoutKeys(item) as unknown as AdminAuditRecord);
}

/**
 * One target's admin audit records, newest first (GSI1). Records written before the index attributes
 * were added are not found here; their readers say how they read older trails.
 */
export async function listAdminAuditOf(target: string, limit: number): Promise<AdminAuditRecord[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: INDEXES.gsi1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `ADMINAUDIT#${target}` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => withoutKeys(item) as unknown as AdminAuditRecord);
}
