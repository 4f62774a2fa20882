import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, waitFor } from '../support/local-cloud';
import {
  call,
  createEntry,
  type Json,
  metadataOf,
  rolesOf,
  tokenOf,
  upload,
  withModeler,
} from './catalogue-helpers';
import { filesByName, objectKeys } from './files-helpers';
import { uniqueName } from './instances-helpers';

/**
 * Comparing two versions of an entry (issue 18 §3, §4; docs/versions.md "Compare"): the file pairs,
 * a text diff, a workbook diff that is computed asynchronously by the jobs function (202 while
 * pending, then its stored outcome), and who may ask.
 */
// Stored workbook diffs are keyed by the two bodies' hashes: bodies of their own in each run keep the
// first answer a 202 when the file runs again against the same cloud.
const WORKBOOK_A = uniqueName('workbook A');
const WORKBOOK_B = uniqueName('workbook B');
const FILES_A = [
  { name: 'model.R', content: 'a <- 1\nb <- 2\nc <- 3\n', mainFile: true },
  { name: 'inputs.csv', path: 'data', content: 'x,y\n1,2\n' },
  { name: 'notes.txt', content: 'to be removed\n' },
  { name: 'model.xlsx', content: WORKBOOK_A },
];
const FILES_B = [
  { name: 'model.R', content: 'a <- 1\nb <- 20\nc <- 3\n', mainFile: true },
  { name: 'inputs.csv', path: 'data', content: 'x,y\n1,2\n' },
  { name: 'README.md', content: '# New\n' },
  { name: 'model.xlsx', content: WORKBOOK_B },
];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('compare two versions', () => {
  let a: Json;
  let b: Json;
  let filesA: Map<string, Json>;
  let filesB: Map<string, Json>;
  const diffPath = (name: string, otherName = name) =>
    `/v2/models/${a.uuid}/files/${filesA.get(name).uuid}/diff/${b.uuid}/${filesB.get(otherName).uuid}`;

  beforeAll(async () => {
    // WebModel 2.0 entries, so that they can have the calibration modeler, who sees them without
    // their files.
    a = await createEntry(
      withModeler({ files: FILES_A, metadata: metadataOf({ version_log: 'First version' }) }),
    );
    b = await createEntry(withModeler({ files: FILES_B, metadata: metadataOf({ version_log: '' }) }));
    filesA = await filesByName('lead', a.uuid);
    filesB = await filesByName('lead', b.uuid);
  }, 60_000);

  it('pairs the files by path with their status and kind, and shows both version logs', async () => {
    const res = await call('lead', 'GET', `/v2/models/${a.uuid}/compare/${b.uuid}`);
    expect(res.status).toBe(200);
    const byName = new Map(
      (res.body.pairs as Json[]).map((p) => [p.otherFile?.name ?? p.file?.name, p] as const),
    );
    expect(byName.get('model.R')).toMatchObject({
      status: 'changed',
      kind: 'text',
      fileUuid: filesA.get('model.R').uuid,
      otherFileUuid: filesB.get('model.R').uuid,
      pairedBy: 'path',
      diffable: true,
    });
    expect(byName.get('inputs.csv')).toMatchObject({ status: 'unchanged', kind: 'text', pairedBy: 'path' });
    expect(byName.get('model.xlsx')).toMatchObject({ status: 'changed', kind: 'spreadsheet' });
    expect(byName.get('notes.txt')).toMatchObject({ status: 'removed', kind: 'text' });
    expect(byName.get('notes.txt').otherFileUuid).toBeUndefined();
    expect(byName.get('README.md')).toMatchObject({ status: 'added', kind: 'text' });
    expect(byName.size).toBe(5);
    expect(res.body.version).toMatchObject({ uuid: a.uuid, versionLog: 'First version' });
    // No log captured: the UI says 'No version log was captured.'; no changelog file either.
    expect(res.body.otherVersion.versionLog).toBeUndefined();
    expect(res.body.otherVersion.changelog).toBeUndefined();
  });

  it("answers a text file's changed lines as hunks", async () => {
    const res = await call('lead', 'GET', diffPath('model.R'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      kind: 'text',
      hunks: [
        {
          oldStart: 1,
          oldLines: 3,
          newStart: 1,
          newLines: 3,
          lines: [' a <- 1', '-b <- 2', '+b <- 20', ' c <- 3'],
        },
      ],
    });
    const same = await call('lead', 'GET', diffPath('inputs.csv'));
    expect(same.body).toEqual({ kind: 'text', hunks: [] });
  });

  it('computes a workbook diff asynchronously once, answering 202 with Retry-After until it is stored', async () => {
    const first = await api(diffPath('model.xlsx'), { token: await tokenOf('lead') });
    expect(first.status).toBe(202);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(await first.json()).toEqual({ kind: 'spreadsheet', status: 'PENDING', retryAfterSeconds: 3 });

    // The jobs function stores the outcome; these bodies are no workbooks, so it is a 422 with a message.
    const done = await waitFor('the workbook diff', async () => {
      const res = await call('lead', 'GET', diffPath('model.xlsx'));
      return res.status === 202 ? undefined : res;
    });
    expect(done.status).toBe(422);
    expect(done.body.message).toEqual(expect.any(String));
    const prefix = `diffs/workbooks/${sha256(WORKBOOK_A)}/${sha256(WORKBOOK_B)}/`;
    expect(await objectKeys(prefix)).toEqual(expect.arrayContaining([`${prefix}error.json`]));

    const again = await call('lead', 'GET', diffPath('model.xlsx'));
    expect(again).toEqual(done);
    const page = await call('lead', 'GET', `${diffPath('model.xlsx')}/sheets/Sheet1?page=0`);
    expect(page).toEqual(done);
  }, 60_000);

  it('refuses a pair that cannot be diffed, and bad input', async () => {
    const mixed = await call('lead', 'GET', diffPath('notes.txt', 'model.xlsx'));
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toMatch(/^Only text files/);
    const macros = await call('lead', 'GET', `${diffPath('model.R')}/macros/Module1`);
    expect(macros.status).toBe(422);
    expect((await call('lead', 'GET', `/v2/models/${a.uuid}/compare/not-a-uuid`)).status).toBe(400);
    const page = await call('lead', 'GET', `${diffPath('model.xlsx')}/sheets/Sheet1?page=-1`);
    expect(page.status).toBe(400);
  });

  it('answers 404 to a user who may not see an entry and 403 to one who may not open its files', async () => {
    expect((await call('employee', 'GET', `/v2/models/${a.uuid}/compare/${b.uuid}`)).status).toBe(404);
    expect((await call('employee', 'GET', diffPath('model.R'))).status).toBe(404);
    const modeler = await call('modeler', 'GET', `/v2/models/${a.uuid}/compare/${b.uuid}`);
    expect(modeler.status).toBe(403);
    expect((await call('modeler', 'GET', diffPath('model.R'))).status).toBe(403);
    expect((await call('viewer', 'GET', diffPath('model.R'))).status).toBe(200);
  });
});

describe('compare a version with the one it was created from', () => {
  it('pairs carried files by their history chain, unchanged until a new body replaces one', async () => {
    const suffix = `compare ${Date.now().toString(36)}`;
    const v1 = await createEntry({
      metadata: metadataOf({ suffix, version_release_of_model: '1' }),
      files: [
        { name: 'model.R', content: 'model <- function() 1\n', mainFile: true },
        { name: 'notes.md', content: '# Notes\n' },
      ],
    });
    expect((await call('lead', 'POST', `/v2/models/${v1.uuid}/publish`, {})).status).toBe(200);
    const script = (await filesByName('lead', v1.uuid)).get('model.R');
    const created = await call('lead', 'POST', `/v2/models/${v1.uuid}/versions`, {
      modelItemUuids: [script.uuid],
      metadata: metadataOf({ suffix, version_release_of_model: '2', version_log: 'Second' }),
      roles: rolesOf(),
    });
    expect(created.status).toBe(201);
    const v2 = created.body.uuid as string;

    const pairs = async () => {
      const res = await call('lead', 'GET', `/v2/models/${v1.uuid}/compare/${v2}`);
      expect(res.status).toBe(200);
      return (res.body.pairs as Json[]).map((p) => [
        p.file?.name ?? null,
        p.otherFile?.name ?? null,
        p.status,
        p.pairedBy ?? null,
      ]);
    };
    expect(await pairs()).toEqual([
      ['model.R', 'model.R', 'unchanged', 'history'],
      ['notes.md', null, 'removed', null],
    ]);

    const up = await upload('lead', [{ name: 'model.R', content: 'model <- function() 2\n' }], v2);
    const replaced = await call('lead', 'PATCH', `/v2/models/${v2}/files`, {
      uploadId: up.uploadId,
      add: up.refs,
    });
    expect(replaced.status).toBe(200);
    expect((await pairs())[0]).toEqual(['model.R', 'model.R', 'changed', 'history']);
  }, 60_000);
});
