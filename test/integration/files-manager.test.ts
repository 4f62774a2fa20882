import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, localCloud } from '../support/local-cloud';
import { call, createEntry, getItem, type Json, metadataOf, upload } from './catalogue-helpers';
import { accepted, auditOf, filesByName, footprint, objectKeys, objectText } from './files-helpers';

/** The file manager save (PATCH /v2/models/{uuid}/files) against the local cloud. */
const filesPath = (uuid: string) => `/v2/models/${uuid}/files`;
const names = (items: Json[]) => items.map((f) => (f.path ? `${f.path}/${f.name}` : f.name)).sort();

async function fileItem(modelUuid: string, fileUuid: string) {
  return getItem(`MODEL#${modelUuid}`, `FILE#${fileUuid}`);
}

async function downloadText(persona: string, modelUuid: string, fileUuid: string): Promise<string> {
  const link = await call(persona, 'POST', `${filesPath(modelUuid)}/${fileUuid}/download`, accepted);
  if (link.status !== 200) throw new Error(`download: ${link.status} ${JSON.stringify(link.body)}`);
  return (await fetch(link.body.url)).text();
}

describe('file manager: a save of every kind', () => {
  it('creates folders, uploads, replaces, updates, clones and removes in one transaction with one audit record', async () => {
    const entry = await createEntry({
      files: [
        { name: 'model.xlsx', content: 'main body', mainFile: true },
        { name: 'notes.txt', content: 'notes v1', path: 'docs' },
        { name: 'inputs.xlsx', content: 'inputs body' },
        { name: 'old.txt', content: 'old' },
      ],
    });
    const before = await filesByName('lead', entry.uuid);
    const notes = before.get('notes.txt');
    const inputs = before.get('inputs.xlsx');
    const old = before.get('old.txt');
    const firstKey = (await fileItem(entry.uuid, notes.uuid))?.s3Key as string;
    // Olivia Owner marks inputs.xlsx confidential below: only its owner may (file-owner-rules.test.ts).
    const transfer = await call('lead', 'PUT', `${filesPath(entry.uuid)}/${inputs.uuid}/owner`, {
      userId: 'owner',
    });
    expect(transfer.status).toBe(200);

    const up = await upload(
      'owner',
      [
        { name: 'notes.txt', content: 'notes v2 body', path: 'docs' },
        { name: 'report.pdf', content: 'pdf', path: 'reports/2026' },
      ],
      entry.uuid,
    );
    const save = await call('owner', 'PATCH', filesPath(entry.uuid), {
      rev: entry.rev,
      uploadId: up.uploadId,
      folders: ['reports/2026', 'empty'],
      add: up.refs,
      remove: [old.uuid],
      update: [
        { uuid: inputs.uuid, fileTag: 'Inputs', cdd: 'Yes', comment: 'checked', asOfDate: '2026-01-31' },
      ],
      clone: [{ fromUuid: inputs.uuid, name: 'inputs copy.xlsx' }],
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    expect(names(save.body.items)).toEqual([
      'docs/notes.txt',
      'empty',
      'inputs copy.xlsx',
      'inputs.xlsx',
      'model.xlsx',
      'reports',
      'reports/2026',
      'reports/2026/report.pdf',
    ]);
    const after = new Map<string, Json>(save.body.items.map((f: Json) => [f.name, f]));
    // The replacement keeps its uuid; its history grows; the earlier body is still in S3.
    expect(after.get('notes.txt')).toMatchObject({ uuid: notes.uuid, size: 13, versionCount: 1 });
    expect(after.get('inputs.xlsx')).toMatchObject({
      fileTag: 'Inputs',
      cdd: 'Yes',
      comment: 'checked',
      asOfDate: '2026-01-31',
      updatedBy: 'owner',
      // 'Updated By' shows a name, kept with the change (issue 21 §26).
      updatedByName: 'Olivia Owner',
    });
    expect(after.get('inputs copy.xlsx')).toMatchObject({
      cdd: 'Yes',
      owner: { id: 'owner' },
      versionCount: 0,
    });
    expect(after.get('reports')).toMatchObject({ folder: true });
    expect(after.get('reports')?.callerAccess).toBeUndefined();

    const stored = await fileItem(entry.uuid, notes.uuid);
    expect(stored?.s3Key).not.toBe(firstKey);
    // Each body is an item of its own (docs/versions.md "File history"); the file item keeps the number
    // of its current body.
    expect(stored).toMatchObject({ currentVersion: 2 });
    expect(stored?.versions).toBeUndefined();
    const replaced = await getItem(`MODEL#${entry.uuid}`, `FILEVER#${notes.uuid}#000002`);
    expect(replaced).toMatchObject({ action: 'REPLACED', isid: 'owner', s3Key: stored?.s3Key });
    const bodies = await call('lead', 'GET', `/v2/models/${entry.uuid}/files/${notes.uuid}/history`);
    expect(bodies.body.items.map((v: Json) => [v.versionNumber, v.action, v.current])).toEqual([
      [2, 'REPLACED', true],
      [1, 'UPLOADED', false],
    ]);
    expect(await objectText(firstKey)).toBe('notes v1');
    expect(await downloadText('lead', entry.uuid, notes.uuid)).toBe('notes v2 body');
    expect(await downloadText('owner', entry.uuid, after.get('inputs copy.xlsx').uuid)).toBe('inputs body');
    // The removed file's item is gone, its body is kept.
    expect(await fileItem(entry.uuid, old.uuid)).toBeUndefined();
    const oldKeys = (await objectKeys(`models/${entry.uuid}/files/${old.uuid}`)).length;
    expect(oldKeys).toBe(1);

    const history = await call('lead', 'GET', `${filesPath(entry.uuid)}/${notes.uuid}/history`);
    expect(history.status).toBe(200);
    expect(history.body.items.map((v: Json) => [v.versionNumber, v.action, v.isid, v.current])).toEqual([
      [2, 'REPLACED', 'owner', true],
      [1, 'UPLOADED', 'lead', false],
    ]);

    const detail = await call('lead', 'GET', `/v2/models/${entry.uuid}`);
    expect(detail.body).toMatchObject({ fileCount: 5, rev: entry.rev + 1 });
    const audit = await auditOf(entry.uuid);
    expect(audit.filter((a) => a.action === 'FILES_UPDATED')).toEqual([
      expect.objectContaining({
        actor: 'owner',
        detail: '1 added, 1 replaced, 1 removed, 1 updated, 1 cloned, 3 folders created',
      }),
    ]);
  });

  it('removes a folder with everything under it and keeps the bodies', async () => {
    const entry = await createEntry({
      files: [
        { name: 'model.xlsx', content: 'main', mainFile: true },
        { name: 'a.txt', content: 'a', path: 'docs' },
        { name: 'b.txt', content: 'b', path: 'docs/deep' },
      ],
    });
    const made = await call('lead', 'PATCH', filesPath(entry.uuid), { folders: ['docs/deep'] });
    expect(made.status).toBe(200);
    const docs = made.body.items.find((f: Json) => f.folder && f.name === 'docs');
    const keys = await objectKeys(`models/${entry.uuid}/`);
    const removed = await call('lead', 'PATCH', filesPath(entry.uuid), { remove: [docs.uuid] });
    expect(removed.status).toBe(200);
    expect(names(removed.body.items)).toEqual(['model.xlsx']);
    expect((await call('lead', 'GET', `/v2/models/${entry.uuid}`)).body.fileCount).toBe(1);
    expect(await objectKeys(`models/${entry.uuid}/`)).toEqual(keys);
  });

  it('keeps POST /files (the wizard) working through the same save: replacement keeps the uuid', async () => {
    const entry = await createEntry({ files: [{ name: 'model.xlsx', content: 'v1', mainFile: true }] });
    const [model] = (await call('lead', 'GET', filesPath(entry.uuid))).body.items;
    const up = await upload('lead', [{ name: 'model.xlsx', content: 'v2!' }], entry.uuid);
    const res = await call('lead', 'POST', filesPath(entry.uuid), { uploadId: up.uploadId, files: up.refs });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ uuid: model.uuid, mainFile: true, size: 3, versionCount: 1 }),
    ]);
    expect((await auditOf(entry.uuid)).map((a) => [a.action, a.detail])).toEqual([
      ['FILES_UPDATED', '1 replaced'],
    ]);
  });
});

describe('file manager: refusals write nothing', () => {
  async function refused(
    persona: string,
    uuid: string,
    body: Record<string, unknown>,
    status: number,
    message?: string,
  ) {
    const before = await footprint(uuid);
    const res = await call(persona, 'PATCH', filesPath(uuid), body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    expect(await footprint(uuid)).toEqual(before);
    return res;
  }

  it('refuses a stale rev, path traversal, a non-spreadsheet clone, a viewer and an empty save', async () => {
    const entry = await createEntry({
      files: [
        { name: 'model.xlsx', content: 'main', mainFile: true },
        { name: 'readme.pdf', content: 'pdf' },
      ],
    });
    const files = await filesByName('lead', entry.uuid);
    const up = await upload('lead', [{ name: 'x.txt', content: 'x' }], entry.uuid);
    await refused(
      'lead',
      entry.uuid,
      { rev: entry.rev - 1, uploadId: up.uploadId, add: up.refs },
      409,
      'This model entry was changed by someone else. Reload it and try again.',
    );
    await refused(
      'lead',
      entry.uuid,
      { folders: ['../../outside'] },
      422,
      "'../../outside' is not an allowed folder path: use names separated by '/', without '..', '\\' or a leading '/'.",
    );
    await refused(
      'lead',
      entry.uuid,
      { uploadId: up.uploadId, add: [{ ...up.refs[0], path: 'docs/../../etc' }] },
      422,
      "'docs/../../etc' is not an allowed folder path: use names separated by '/', without '..', '\\' or a leading '/'.",
    );
    await refused(
      'lead',
      entry.uuid,
      { uploadId: up.uploadId, add: [{ ...up.refs[0], name: '../x.txt' }] },
      422,
    );
    await refused(
      'lead',
      entry.uuid,
      { clone: [{ fromUuid: files.get('readme.pdf').uuid, name: 'copy.pdf' }] },
      422,
      'readme.pdf: only spreadsheet files (.xls, .xlsx) can be cloned.',
    );
    await refused('viewer', entry.uuid, { folders: ['x'] }, 403);
    const empty = await refused('lead', entry.uuid, {}, 400);
    expect(empty.body.message).toContain('There are no changes to save.');
    // The valid save with the same upload still works afterwards (the ticket was not consumed).
    const ok = await call('lead', 'PATCH', filesPath(entry.uuid), { uploadId: up.uploadId, add: up.refs });
    expect(ok.status).toBe(200);
  });

  it('keeps the main file and the language of a published entry', async () => {
    const entry = await createEntry({
      files: [
        { name: 'model.py', content: 'print(1)', mainFile: true },
        { name: 'notes.txt', content: 'n' },
      ],
    });
    // Tickets made while the entry is a draft (a published entry refuses Python tickets already).
    const up = await upload(
      'lead',
      [
        { name: 'helper.py', content: 'x' },
        { name: 'model.py', content: 'print(2)' },
        { name: 'main2.txt', content: 'm' },
      ],
      entry.uuid,
    );
    expect((await call('lead', 'POST', `/v2/models/${entry.uuid}/publish`, {})).status).toBe(200);
    const files = await filesByName('lead', entry.uuid);
    const main = files.get('model.py');
    const [helper, modelPy, main2] = up.refs;
    await refused(
      'lead',
      entry.uuid,
      { uploadId: up.uploadId, add: [helper] },
      422,
      'helper.py: Python files cannot be added to or replaced in a published model entry.',
    );
    const replaced = await refused('lead', entry.uuid, { uploadId: up.uploadId, add: [modelPy] }, 422);
    expect(replaced.body.issues.map((i: Json) => i.message)).toEqual([
      'model.py: the main model file of a published model entry cannot be replaced.',
      'model.py: Python files cannot be added to or replaced in a published model entry.',
    ]);
    await refused(
      'lead',
      entry.uuid,
      { uploadId: up.uploadId, add: [{ ...main2, mainFile: true }] },
      422,
      'main2.txt: a published model entry cannot get a new main model file.',
    );
    await refused(
      'lead',
      entry.uuid,
      { remove: [main.uuid] },
      422,
      'model.py: the main model file of a published model entry cannot be removed.',
    );
    await refused(
      'lead',
      entry.uuid,
      { update: [{ uuid: main.uuid, mainFile: false }] },
      422,
      'model.py: the main model file of a published model entry cannot be changed.',
    );
    await refused(
      'lead',
      entry.uuid,
      { update: [{ uuid: files.get('notes.txt').uuid, mainFile: true }] },
      422,
      'notes.txt: the main model file of a published model entry cannot be changed.',
    );
    const ok = await call('lead', 'PATCH', filesPath(entry.uuid), { uploadId: up.uploadId, add: [main2] });
    expect(ok.status).toBe(200);
  });

  it('refuses a body over the size limit (413)', async () => {
    const entry = await createEntry();
    const up = await upload('lead', [{ name: 'big.txt', content: 'x'.repeat(100) }], entry.uuid);
    const table = localCloud().tableName;
    const key = { pk: 'SETTINGS', sk: 'APP' };
    const saved = (await documentClient().send(new GetCommand({ TableName: table, Key: key }))).Item;
    const settings = (saved?.settings ?? {}) as Record<string, Json>;
    await documentClient().send(
      new PutCommand({
        TableName: table,
        Item: {
          ...(saved ?? { ...key, entity: 'Settings' }),
          settings: { ...settings, uploadConfig: { ...(settings.uploadConfig ?? {}), maxFileSizeBytes: 50 } },
        },
      }),
    );
    try {
      await refused(
        'lead',
        entry.uuid,
        { uploadId: up.uploadId, add: up.refs },
        413,
        'big.txt is too large (100 bytes): the largest allowed file is 50 bytes.',
      );
    } finally {
      if (saved) await documentClient().send(new PutCommand({ TableName: table, Item: saved }));
      else await documentClient().send(new DeleteCommand({ TableName: table, Key: key }));
    }
  });
});

describe('file manager: the draft entry metadata', () => {
  it('counts files, not folders, in fileCount', async () => {
    const entry = await createEntry({ metadata: metadataOf() });
    const res = await call('lead', 'PATCH', filesPath(entry.uuid), { folders: ['a/b/c'] });
    expect(res.status).toBe(200);
    expect((await call('lead', 'GET', `/v2/models/${entry.uuid}`)).body.fileCount).toBe(1);
  });
});
