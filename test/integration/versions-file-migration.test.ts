import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateFileVersions } from '../../functions/core/files/migrate-file-versions';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { documentClient, localCloud } from '../support/local-cloud';
import { call, createEntry, getItem, type Json } from './catalogue-helpers';

/**
 * The file-version migration (docs/versions.md "File history") on a file item written the old way: its
 * bodies as a list inside the item. It becomes version items, the history route tells the same, and a
 * second run finds nothing to do.
 */
describe('migrating legacy file-version lists into items', () => {
  let entry: Json;
  let fileUuid: string;

  beforeAll(async () => {
    applyHandlerEnv(handlerEnv(localCloud()));
    entry = await createEntry({ files: [{ name: 'model.R', content: 'x <- 2', mainFile: true }] });
    const files = await call('lead', 'GET', `/v2/models/${entry.uuid}/files`);
    fileUuid = files.body.items[0].uuid;
    const item = await getItem(`MODEL#${entry.uuid}`, `FILE#${fileUuid}`);
    const { currentVersion: _c, ...legacy } = item ?? {};
    await documentClient().send(
      new PutCommand({
        TableName: localCloud().tableName,
        Item: {
          ...legacy,
          versions: [
            {
              versionNumber: 1,
              action: 'UPLOADED',
              isid: 'lead',
              timestamp: '2026-01-01T00:00:00.000Z',
              s3Key: 'old-1',
            },
            {
              versionNumber: 2,
              action: 'REPLACED',
              isid: 'owner',
              timestamp: '2026-02-01T00:00:00.000Z',
              s3Key: String(item?.s3Key),
            },
          ],
        },
      }),
    );
  });

  it('moves the list into items, drops it from the file item, and a second run finds nothing', async () => {
    const before = await call('lead', 'GET', `/v2/models/${entry.uuid}/files/${fileUuid}/history`);
    expect(before.body.items.map((v: Json) => v.versionNumber)).toEqual([2, 1]);

    const first = await migrateFileVersions();
    expect(first.migrated).toBeGreaterThanOrEqual(1);
    const file = await getItem(`MODEL#${entry.uuid}`, `FILE#${fileUuid}`);
    expect(file).toMatchObject({ currentVersion: 2 });
    expect(file?.versions).toBeUndefined();
    expect(await getItem(`MODEL#${entry.uuid}`, `FILEVER#${fileUuid}#000001`)).toMatchObject({
      action: 'UPLOADED',
      s3Key: 'old-1',
    });
    const after = await call('lead', 'GET', `/v2/models/${entry.uuid}/files/${fileUuid}/history`);
    expect(after.body.items).toEqual(before.body.items);

    const second = await migrateFileVersions();
    expect(second).toEqual({ migrated: 0, skipped: 0 });
  });
});
