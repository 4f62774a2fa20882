import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type ExternalUser, ExternalUserSchema } from '@shared/schemas/external-user';
import type { ExternalUserStatus } from '@shared/schemas/user';
import * as z from 'zod/mini';
import { type AdminAuditRecord, adminAuditPut, listAdminAuditOf } from './audit';
import { ddb } from './dynamodb-client';
import { INDEXES, parseItem, queryAll, tableName } from './table';
import { type LabeledTxItem, runTransaction } from './transactions';

/**
 * External users (issue 20 §2, §9), keyed by their lowercased e-mail:
 * - profile `EXTUSER#<email>` / `PROFILE`, with the registration code's hash (never the code);
 * - GSI1 `EXTSTATUS#<status>` / `<last>#<first>#<email>`: one status's users by last name;
 * - GSI2 `EXTUSERS` / `<accessEndsOn>#<email>`: every external user by the last day of access, which
 *   is both the full list (sorted by name in memory: external users are hundreds, not millions) and
 *   the expiry job's and reminder job's range queries (`< today`, `between today and +14 days`);
 * - audit: in the Admin Space's trail (`ADMINAUDIT` / `<ulid>`, target `external-user:<email>`,
 *   functions/data/audit.ts), written in the change's own transaction so no change is without its
 *   record. Trails written before that (`EXTUSER#<email>` / `AUDIT#<ulid>`) are still read and merged
 *   by `listExternalUserAudit`; nothing writes them any more, so no migration job is needed.
 *
 * Every write of a profile is conditional on the version it read (optimistic locking): two admins
 * pressing Activate and Reject at once cannot both win.
 */
export const externalUserKey = (email: string) => ({ pk: `EXTUSER#${email}`, sk: 'PROFILE' });
const ALL_PK = 'EXTUSERS';

export function toExternalUserItem(user: ExternalUser) {
  return {
    ...externalUserKey(user.email),
    entity: 'ExternalUser',
    gsi1pk: `EXTSTATUS#${user.status}`,
    gsi1sk: `${user.lastName.toLowerCase()}#${user.firstName.toLowerCase()}#${user.email}`,
    gsi2pk: ALL_PK,
    gsi2sk: `${user.accessEndsOn}#${user.email}`,
    ...user,
  };
}

export function fromExternalUserItem(item: Record<string, unknown>): ExternalUser {
  return parseItem(ExternalUserSchema, item);
}

export async function getExternalUser(email: string): Promise<ExternalUser | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: externalUserKey(email), ConsistentRead: true }),
  );
  return Item ? fromExternalUserItem(Item) : undefined;
}

/** One external-user change for the audit trail. */
export interface ExternalUserAuditInput {
  email: string;
  actor: string;
  action: ExternalUserAuditAction;
  before?: ExternalUserStatus;
  after?: ExternalUserStatus;
  detail?: string;
}

export const EXTERNAL_USER_AUDIT_ACTIONS = [
  'REGISTERED',
  'CODE_REGENERATED',
  'SELF_REGISTERED',
  'APPROVED',
  'REJECTED',
  'ACTIVATED',
  'DEACTIVATED',
  'EXTENDED',
  'EXPIRED',
  'REVIEW_CONFIRMED',
  'REVIEW_REVOKED',
  'END_REMINDER_SENT',
] as const;
export type ExternalUserAuditAction = (typeof EXTERNAL_USER_AUDIT_ACTIONS)[number];

export const ExternalUserAuditRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  actor: z.string(),
  at: z.string(),
  action: z.enum(EXTERNAL_USER_AUDIT_ACTIONS),
  before: z.optional(z.string()),
  after: z.optional(z.string()),
  detail: z.optional(z.string().check(z.maxLength(1000))),
});
export type ExternalUserAuditRecord = z.infer<typeof ExternalUserAuditRecordSchema>;

/** The admin audit target of an external user. */
export const externalUserAuditTarget = (email: string) => `external-user:${email}`;

/**
 * The Put of one audit record, to include in the change's transaction: an admin audit record
 * (adminAuditPut) whose action is the external user's, with the status before and after.
 */
export function externalUserAuditPut(input: ExternalUserAuditInput, now = Date.now()): LabeledTxItem {
  return adminAuditPut(
    {
      actor: input.actor,
      action: input.action,
      target: externalUserAuditTarget(input.email),
      ...(input.before ? { before: { status: input.before } } : {}),
      ...(input.after ? { after: { status: input.after } } : {}),
      ...(input.detail ? { detail: input.detail.slice(0, 1000) } : {}),
    },
    now,
  );
}

/** An admin audit record of an external user, in the shape of the user's trail. */
function fromAdminAudit(email: string, record: AdminAuditRecord): ExternalUserAuditRecord {
  const statusOf = (side: Record<string, unknown> | undefined) =>
    typeof side?.status === 'string' ? side.status : undefined;
  const before = statusOf(record.before);
  const after = statusOf(record.after);
  return parseItem(ExternalUserAuditRecordSchema, {
    id: record.id,
    email,
    actor: record.actor,
    at: record.at,
    action: record.action,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
    ...(record.detail ? { detail: record.detail } : {}),
  });
}

/**
 * The audit trail of one external user, newest first: the admin audit records of the user (GSI1) and
 * the records written before the trail moved there (`EXTUSER#<email>` / `AUDIT#<ulid>`), merged by
 * their ULIDs, which sort by time in both.
 */
export async function listExternalUserAudit(email: string, limit = 100): Promise<ExternalUserAuditRecord[]> {
  const [current, legacy] = await Promise.all([
    listAdminAuditOf(externalUserAuditTarget(email), limit),
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
        ExpressionAttributeValues: { ':pk': `EXTUSER#${email}`, ':audit': 'AUDIT#' },
        ScanIndexForward: false,
        Limit: limit,
      }),
    ),
  ]);
  return [
    ...current.map((record) => fromAdminAudit(email, record)),
    ...(legacy.Items ?? []).map((item) => parseItem(ExternalUserAuditRecordSchema, item)),
  ]
    .sort((a, b) => b.id.localeCompare(a.id))
    .slice(0, limit);
}

/**
 * Creates an external user with its audit record; a ConflictError ('{email} is already registered')
 * when the e-mail is known. `extra` items (the code mail's outbox entry) join the transaction.
 */
export async function createExternalUser(
  user: ExternalUser,
  audit: Omit<ExternalUserAuditInput, 'email'>,
  extra: readonly LabeledTxItem[] = [],
): Promise<void> {
  await runTransaction([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toExternalUserItem(user),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: `${user.email} is already registered as an external user`,
    },
    externalUserAuditPut({ ...audit, email: user.email }),
    ...extra,
  ]);
}

/**
 * Replaces an external user if it is still at `expectedVersion` (the stored version becomes
 * `expectedVersion + 1`), with its audit record and any `extra` items (grants on models, mails) in
 * one transaction. ConflictError with `conflict` when someone changed the user meanwhile.
 */
export async function updateExternalUser(
  user: ExternalUser,
  expectedVersion: number,
  audit: Omit<ExternalUserAuditInput, 'email'>,
  extra: readonly LabeledTxItem[] = [],
  conflict = 'This external user was changed by someone else. Reload and try again.',
): Promise<ExternalUser> {
  const next: ExternalUser = { ...user, version: expectedVersion + 1 };
  await runTransaction([
    externalUserPutIfVersion(next, expectedVersion, conflict),
    externalUserAuditPut({ ...audit, email: user.email }),
    ...extra,
  ]);
  return next;
}

/** The conditional Put of a profile at a known version, for callers composing larger transactions. */
export function externalUserPutIfVersion(
  next: ExternalUser,
  expectedVersion: number,
  conflict = 'This external user was changed by someone else. Reload and try again.',
): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toExternalUserItem(next),
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      },
    },
    conflict,
  };
}

/** The users of one status, by last name. */
export async function listExternalUsersByStatus(status: ExternalUserStatus): Promise<ExternalUser[]> {
  const items = await queryAll({
    IndexName: INDEXES.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `EXTSTATUS#${status}` },
  });
  return items.map(fromExternalUserItem);
}

/** Every external user, by last name, first name, e-mail. */
export async function listExternalUsers(): Promise<ExternalUser[]> {
  const items = await queryAll({
    IndexName: INDEXES.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': ALL_PK },
  });
  return items.map(fromExternalUserItem).sort(byName);
}

/** External users whose last day of access is between `from` and `to` (yyyy-mm-dd, inclusive). */
export async function listExternalUsersEndingBetween(from: string, to: string): Promise<ExternalUser[]> {
  const items = await queryAll({
    IndexName: INDEXES.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    // '#' sorts before every e-mail character, '~' after: the whole days from..to.
    ExpressionAttributeValues: { ':pk': ALL_PK, ':from': `${from}#`, ':to': `${to}#~` },
  });
  return items.map(fromExternalUserItem);
}

/** External users whose last day of access is before `day` (yyyy-mm-dd): their access has ended. */
export async function listExternalUsersEndedBefore(day: string): Promise<ExternalUser[]> {
  const items = await queryAll({
    IndexName: INDEXES.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :day',
    ExpressionAttributeValues: { ':pk': ALL_PK, ':day': `${day}#` },
  });
  return items.map(fromExternalUserItem);
}

const sortKey = (u: ExternalUser) =>
  `${u.lastName.toLowerCase()}\u0000${u.firstName.toLowerCase()}\u0000${u.email}`;
function byName(a: ExternalUser, b: ExternalUser): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
