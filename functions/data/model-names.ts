import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NAME_MESSAGES } from '@shared/rules/model-name';
import { ddb } from './dynamodb-client';
import { tableName } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * Name uniqueness: MODELNAME#<nameKey> / NAME → modelUuid. The database enforces it: the Put is
 * conditional on `attribute_not_exists`, inside the entry's transaction (never read-then-write).
 */
export const modelNameKey = (nameKey: string) => ({ pk: `MODELNAME#${nameKey}`, sk: 'NAME' });

/** The entry holding a name, if any. */
export async function getModelNameOwner(nameKey: string): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: modelNameKey(nameKey), ConsistentRead: true }),
  );
  return typeof Item?.modelUuid === 'string' ? Item.modelUuid : undefined;
}

export function modelNamePut(nameKey: string, name: string, uuid: string): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...modelNameKey(nameKey), entity: 'ModelName', name, modelUuid: uuid },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: NAME_MESSAGES.notUnique,
  };
}

/** Frees a name; conditional on it still belonging to the entry. */
export function modelNameDelete(nameKey: string, uuid: string): LabeledTxItem {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: modelNameKey(nameKey),
        ConditionExpression: 'modelUuid = :uuid',
        ExpressionAttributeValues: { ':uuid': uuid },
      },
    },
    conflict: 'The name of this model entry was changed by someone else. Reload it and try again.',
  };
}
