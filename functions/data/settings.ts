import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppSettings } from '@shared/schemas/settings';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { parseItem, tableName } from './table';

/** Application settings: one item SETTINGS / APP holding the settings document in `settings`. */
export const settingsKey = () => ({ pk: 'SETTINGS', sk: 'APP' });

/**
 * The item: the document is kept as written, an object whose fields callers merge over the defaults
 * and validate with AppSettingsSchema (a field that a later release drops or tightens must not make
 * the item unreadable).
 */
const SettingsItemSchema = z.object({
  settings: z.optional(z.record(z.string(), z.unknown())),
  modifiedOn: z.optional(z.string()),
});

/** The stored settings document as written (callers merge it over the defaults and validate). */
export async function getStoredSettings(): Promise<Record<string, unknown> | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: settingsKey() }));
  return Item ? parseItem(SettingsItemSchema, Item).settings : undefined;
}

/** Writes the settings unless an item exists already (so re-seeding never undoes an administrator's edit). */
export async function putSettingsIfAbsent(settings: AppSettings): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...settingsKey(), entity: 'Settings', settings, modifiedOn: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
