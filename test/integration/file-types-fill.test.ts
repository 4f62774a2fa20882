import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProjection } from '../../functions/core/catalogue/projection';
import { fillUnknownFileTypes } from '../../functions/core/files/fill-file-types';
import { catalogueChangePut, toCatalogueEntry } from '../../functions/data/catalogue-changes';
import { ddb } from '../../functions/data/dynamodb-client';
import { getModel, type ModelRecord, toModelItem } from '../../functions/data/models';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';
import { call, createEntry, type Json, metadataOf } from './catalogue-helpers';

/**
 * File Types on a stack whose entries were written before model items kept their file types (issue
 * 20 §5): such an entry makes File Types uncounted (a count missing it would let Delete remove a type
 * in use) until the fill, which runs after every catalogue compaction, writes its file types.
 */
const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const fileTypes = async () => (await call('admin', 'GET', '/v2/admin/metadata-options/file_tag')).body;

beforeAll(() => {
  applyHandlerEnv(handlerEnv(localCloud()));
});

describe('file types not known for an older entry', () => {
  it('leaves File Types uncounted and refuses Delete until the fill writes them; then counts the entry', async () => {
    const tag = `Fill${letters()}`;
    expect((await call('admin', 'POST', '/v2/admin/metadata-options/file_tag', { value: tag })).status).toBe(
      201,
    );
    const entry = await createEntry({ metadata: metadataOf() });
    const [file] = (await call('lead', 'GET', `/v2/models/${entry.uuid}/files`)).body.items;
    const save = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
      rev: entry.rev,
      folders: [],
      add: [],
      remove: [],
      update: [{ uuid: file.uuid, fileTag: tag }],
      clone: [],
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    expect((await fileTypes()).items.find((o: Json) => o.value === tag)).toMatchObject({ usage: 1 });

    // As an older writer left it: the model item without its file types, and its change without them.
    const current = (await getModel(entry.uuid)) as ModelRecord;
    const { fileTypes: _kept, ...withoutTypes } = current;
    const older: ModelRecord = { ...withoutTypes, rev: current.rev + 1 };
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: localCloud().tableName, Item: toModelItem(older) } },
          catalogueChangePut(toCatalogueEntry(older, older.creatorName)),
        ],
      }),
    );
    const uncounted = await fileTypes();
    expect(uncounted.counted).toBe(false);
    expect(uncounted.items.find((o: Json) => o.value === tag).usage).toBeUndefined();
    const refused = await call('admin', 'DELETE', `/v2/admin/metadata-options/file_tag/${tag}`);
    expect(refused.status).toBe(409);
    expect((await fileTypes()).items.find((o: Json) => o.value === tag)).toBeDefined();

    const result = await fillUnknownFileTypes({ projection: createProjection() });
    expect(result).toMatchObject({ skipped: 0, more: false });
    expect(result.filled).toBeGreaterThanOrEqual(1);
    // The entry's file types with the next rev; nobody edited it, so its modification stamp stays.
    expect(await getModel(entry.uuid)).toMatchObject({
      fileTypes: [tag],
      rev: older.rev + 1,
      modifiedOn: current.modifiedOn,
    });
    const counted = await fileTypes();
    expect(counted.counted).toBe(true);
    expect(counted.items.find((o: Json) => o.value === tag)).toMatchObject({ usage: 1 });
    // A second run finds nothing left.
    expect(await fillUnknownFileTypes({ projection: createProjection() })).toEqual({
      filled: 0,
      skipped: 0,
      more: false,
    });
  });
});
