import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { parseItem, tableName } from './table';
import type { LabeledTxItem } from './transactions';

/** User settings on a WebModel 2.0 entry: MODEL#<uuid> / EXPERTISE#<isid>. */
export const expertiseKey = (uuid: string, userId: string) => ({
  pk: `MODEL#${uuid}`,
  sk: `EXPERTISE#${userId}`,
});

export const ExpertiseRecordSchema = z.object({
  userId: z.string(),
  expertiseTypeLevel: z.union([z.literal(250), z.literal(500), z.literal(750), z.literal(1000)]),
  subModelIdList: z._default(z.array(z.string()), []),
  modifiedOn: z._default(z.string(), ''),
  modifiedBy: z._default(z.string(), ''),
});
export type ExpertiseRecord = z.infer<typeof ExpertiseRecordSchema>;

export async function getExpertise(uuid: string, userId: string): Promise<ExpertiseRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: expertiseKey(uuid, userId) }),
  );
  // The key names the user, whatever the item says.
  return Item ? parseItem(ExpertiseRecordSchema, { ...Item, userId }) : undefined;
}

export async function putExpertise(uuid: string, record: ExpertiseRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...expertiseKey(uuid, record.userId), entity: 'ModelExpertise', modelUuid: uuid, ...record },
    }),
  );
}

/** The Put of a user's settings on an entry, for a transaction that grants more than this. */
export function expertisePutItem(uuid: string, record: ExpertiseRecord): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...expertiseKey(uuid, record.userId), entity: 'ModelExpertise', modelUuid: uuid, ...record },
      },
    },
  };
}
