import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './clients';
import type { LabeledTxItem } from './models';
import { tableName } from './table';

/**
 * Memberships: USER#<isid> / MODEL#<uuid> with the user's relations to the entry ("my entries": the
 * creator, the lead, the steward and the owners). Written in the entry's transaction.
 */
export type MembershipRole = 'CREATOR' | 'VESTLEAD' | 'STEWARD' | 'OWNER';

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
  const items: Membership[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'MODEL#' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const i of out.Items ?? []) {
      items.push({ userId, modelUuid: String(i.modelUuid), roles: (i.roles ?? []) as MembershipRole[] });
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}
