import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type MetadataOption,
  MetadataOptionSchema,
  type MetadataOptionType,
} from '@shared/schemas/metadata-option';
import { ddb } from './dynamodb-client';
import { queryAll, tableName, withoutKeys } from './table';

/**
 * Metadata option lists: OPTIONS#<type> / <valueKey>, one small partition per list. The value key is
 * the lowercased value, so an option is unique within its list case-insensitively (002 §5).
 */
export const optionValueKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
export const metadataOptionKey = (type: MetadataOptionType, value: string) => ({
  pk: `OPTIONS#${type}`,
  sk: optionValueKey(value),
});

export function toMetadataOptionItem(option: MetadataOption) {
  return { ...metadataOptionKey(option.type, option.value), entity: 'MetadataOption', ...option };
}

export async function listMetadataOptions(type: MetadataOptionType): Promise<MetadataOption[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `OPTIONS#${type}` },
  });
  return items.map((item) => MetadataOptionSchema.parse(withoutKeys(item)));
}

/** Adds an option unless one with the same value key exists (seeding never undoes an admin's edit). */
export async function putMetadataOptionIfAbsent(option: MetadataOption): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: toMetadataOptionItem(option),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
