import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './dynamodb-client';
import { tableName } from './table';

/** User settings on a WebModel 2.0 entry: MODEL#<uuid> / EXPERTISE#<isid>. */
export const expertiseKey = (uuid: string, userId: string) => ({
  pk: `MODEL#${uuid}`,
  sk: `EXPERTISE#${userId}`,
});

export interface ExpertiseRecord {
  userId: string;
  expertiseTypeLevel: 250 | 500 | 750 | 1000;
  subModelIdList: string[];
  modifiedOn: string;
  modifiedBy: string;
}

export async function getExpertise(uuid: string, userId: string): Promise<ExpertiseRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: expertiseKey(uuid, userId) }),
  );
  if (!Item) return undefined;
  return {
    userId,
    expertiseTypeLevel: Item.expertiseTypeLevel as ExpertiseRecord['expertiseTypeLevel'],
    subModelIdList: (Item.subModelIdList ?? []) as string[],
    modifiedOn: String(Item.modifiedOn ?? ''),
    modifiedBy: String(Item.modifiedBy ?? ''),
  };
}

export async function putExpertise(uuid: string, record: ExpertiseRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...expertiseKey(uuid, record.userId), entity: 'ModelExpertise', modelUuid: uuid, ...record },
    }),
  );
}
