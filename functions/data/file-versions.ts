import * as z from 'zod/mini';
import { FileVersionRecordSchema } from './model-files';
import { queryAll, tableName, withoutKeys } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * File versions (docs/data-model.md "File versions", docs/versions.md): one item per body a file has
 * had, MODEL#<uuid> / FILEVER#<fileUuid>#<versionNumber, 6 digits>, next to the file's own item. They
 * used to be a list inside the file item, which every write rewrote and which a file edited daily
 * pushed toward DynamoDB's 400 KB item limit; scripts/local/migrate-file-versions.ts moves such lists
 * into items. The file item keeps `currentVersion` (the number of its current body), so a writer knows
 * the next number without reading the history, and a new version item is written with
 * `attribute_not_exists`: two writers of the same file cannot both write version n.
 *
 * A file carried into a new version of its entry names the body it was copied from (`origin` on the
 * file item); its own first item is that body's number plus one (VERSIONED), so the history chain of a
 * file runs through the versions of the entry (core/versions/files-history.ts walks it).
 */
const VERSION_DIGITS = 6;
const versionSk = (fileUuid: string, versionNumber: number) =>
  `FILEVER#${fileUuid}#${String(versionNumber).padStart(VERSION_DIGITS, '0')}`;

export const fileVersionKey = (modelUuid: string, fileUuid: string, versionNumber: number) => ({
  pk: `MODEL#${modelUuid}`,
  sk: versionSk(fileUuid, versionNumber),
});

export const FileVersionItemSchema = z.extend(FileVersionRecordSchema, {
  modelUuid: z.string(),
  fileUuid: z.string(),
});
export type FileVersionItem = z.infer<typeof FileVersionItemSchema>;

export function toFileVersionItem(version: FileVersionItem) {
  return {
    ...fileVersionKey(version.modelUuid, version.fileUuid, version.versionNumber),
    entity: 'FileVersion',
    ...version,
  };
}

export const FILE_VERSION_TAKEN = 'This file was changed by someone else. Reload it and try again.';

/** Put of one version item; refused (409) when that number of that file exists already. */
export function fileVersionPut(version: FileVersionItem): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: toFileVersionItem(version),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: FILE_VERSION_TAKEN,
  };
}

/** Put of a version item that may exist already with the same content (the migration's re-runs). */
export function fileVersionUpsert(version: FileVersionItem): LabeledTxItem {
  return { item: { Put: { TableName: tableName(), Item: toFileVersionItem(version) } } };
}

/** The version items of one file, oldest first. */
export async function listFileVersions(modelUuid: string, fileUuid: string): Promise<FileVersionItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `MODEL#${modelUuid}`, ':prefix': `FILEVER#${fileUuid}#` },
    ConsistentRead: true,
  });
  return items.map((item) => FileVersionItemSchema.parse(withoutKeys(item)));
}

/** Every version item of an entry, by file uuid (oldest first within a file). */
export async function listEntryFileVersions(modelUuid: string): Promise<Map<string, FileVersionItem[]>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `MODEL#${modelUuid}`, ':prefix': 'FILEVER#' },
    ConsistentRead: true,
  });
  const byFile = new Map<string, FileVersionItem[]>();
  for (const item of items) {
    const version = FileVersionItemSchema.parse(withoutKeys(item));
    const list = byFile.get(version.fileUuid) ?? [];
    list.push(version);
    byFile.set(version.fileUuid, list);
  }
  return byFile;
}
