import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type TourStep, TourStepSchema } from '@shared/schemas/tour';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { tableName } from './table';

/**
 * Guided tours. Content: TOUR#<type>#<code> / CONTENT (`contentList`).
 * Per-user viewed flag: USER#<isid> / TOUR#<type>#<code> (`viewedOn`).
 */
export const tourContentKey = (type: string, code: string) => ({ pk: `TOUR#${type}#${code}`, sk: 'CONTENT' });
export const tourViewKey = (userId: string, type: string, code: string) => ({
  pk: `USER#${userId}`,
  sk: `TOUR#${type}#${code}`,
});

export async function getTourContent(type: string, code: string): Promise<TourStep[] | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: tourContentKey(type, code) }),
  );
  return Item ? z.array(TourStepSchema).parse(Item.contentList) : undefined;
}

export async function putTourContent(type: string, code: string, contentList: TourStep[]): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...tourContentKey(type, code), entity: 'TourContent', type, code, contentList },
    }),
  );
}

export async function hasViewedTour(userId: string, type: string, code: string): Promise<boolean> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: tourViewKey(userId, type, code),
      ProjectionExpression: 'pk',
    }),
  );
  return Item !== undefined;
}

export async function putTourViewed(
  userId: string,
  type: string,
  code: string,
  viewedOn: string,
): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...tourViewKey(userId, type, code), entity: 'TourView', viewedOn },
    }),
  );
}
