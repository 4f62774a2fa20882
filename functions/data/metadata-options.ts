import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { OPTION_TEXTS } from '@shared/rules/metadata-options';
import type { StudyAssignedMetadata } from '@shared/rules/model-metadata';
import {
  type MetadataOption,
  MetadataOptionSchema,
  type MetadataOptionType,
} from '@shared/schemas/metadata-option';
import { ddb } from './dynamodb-client';
import { parseItem, queryAll, tableName, withoutKeys } from './table';
import type { LabeledTxItem } from './transactions';

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

/** One option, read strongly consistent (an admin change reads what it is about to change). */
export async function getMetadataOption(
  type: MetadataOptionType,
  value: string,
): Promise<MetadataOption | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: metadataOptionKey(type, value), ConsistentRead: true }),
  );
  return Item ? parseItem(MetadataOptionSchema, Item) : undefined;
}

/** Put of a new option: refused (409, 'isUnique') when the list holds the value in any case. */
export function newOptionPut(option: MetadataOption): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toMetadataOptionItem(option),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: OPTION_TEXTS.isUnique,
  };
}

/**
 * Replacement of an option that is still as read: not retired and not being renamed (the condition
 * keeps two administrators from editing, retiring or deleting the same option at once).
 */
export function optionReplace(option: MetadataOption): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toMetadataOptionItem(option),
        ConditionExpression:
          'attribute_exists(pk) AND retired = :false AND attribute_not_exists(renameJobId)',
        ExpressionAttributeValues: { ':false': false },
      },
    },
    conflict: 'The option has been changed by someone else. Reload the list and try again.',
  };
}

/** Delete of an active option that is not being renamed (a renamed one is deleted by its job). */
export function optionDelete(type: MetadataOptionType, value: string): LabeledTxItem {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: metadataOptionKey(type, value),
        ConditionExpression:
          'attribute_exists(pk) AND retired = :false AND attribute_not_exists(renameJobId)',
        ExpressionAttributeValues: { ':false': false },
      },
    },
    conflict: 'The option has been changed by someone else. Reload the list and try again.',
  };
}

/** The option a finished rename leaves: without its job marker. */
export function optionRenameFinished(type: MetadataOptionType, value: string, jobId: string): LabeledTxItem {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: metadataOptionKey(type, value),
        UpdateExpression: 'REMOVE renameJobId, renamedFrom',
        ConditionExpression: 'renameJobId = :job',
        ExpressionAttributeValues: { ':job': jobId },
      },
    },
  };
}

/** A study number's assigned metadata, rewritten when a value it names is renamed. */
export function studyMetadataSet(value: string, metadata: StudyAssignedMetadata): LabeledTxItem {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: metadataOptionKey('study_number', value),
        UpdateExpression: 'SET metadata = :m',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':m': metadata },
      },
    },
  };
}
