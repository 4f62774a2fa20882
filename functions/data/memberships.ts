import * as z from 'zod/mini';
import { parseItem, queryAll, queryPages, tableName } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * Memberships: USER#<isid> / MODEL#<uuid> with the user's relations to the entry ("my entries": the
 * creator, the lead, the steward and the owners). Written in the entry's transaction.
 */
const MembershipRoleSchema = z.enum(['CREATOR', 'VESTLEAD', 'STEWARD', 'OWNER']);
export type MembershipRole = z.infer<typeof MembershipRoleSchema>;
const MembershipItemSchema = z.object({
  modelUuid: z.string(),
  roles: z._default(z.array(MembershipRoleSchema), []),
});

export const membershipKey = (isid: string, uuid: string) => ({ pk: `USER#${isid}`, sk: `MODEL#${uuid}` });

export interface Membership {
  userId: string;
  modelUuid: string;
  roles: MembershipRole[];
}

export function membershipPut(m: Membership): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...membershipKey(m.userId, m.modelUuid), entity: 'Membership', ...m },
      },
    },
  };
}

export function membershipDelete(userId: string, uuid: string): LabeledTxItem {
  return { item: { Delete: { TableName: tableName(), Key: membershipKey(userId, uuid) } } };
}

/** The entries a user is creator, lead, steward or owner of. */
export async function listMemberships(userId: string): Promise<Membership[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'MODEL#' },
  });
  return items.map((item) => ({ userId, ...parseItem(MembershipItemSchema, item) }));
}

const MANAGING_ROLES: readonly MembershipRole[] = ['VESTLEAD', 'STEWARD', 'OWNER'];

/**
 * Whether the user is lead, steward or owner of at least one entry (the Externalization flag, 002 §6).
 * Reads the user's memberships page by page and stops at the first managing one: usually one page.
 */
export async function managesAnyEntry(userId: string): Promise<boolean> {
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'MODEL#' },
    Limit: 100,
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const { roles } = parseItem(MembershipItemSchema, item);
      if (roles.some((role) => MANAGING_ROLES.includes(role))) return true;
    }
  }
  return false;
}
