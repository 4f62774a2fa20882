import { MESSAGES } from '@shared/messages';
import type { FileChangeSetBody } from '@shared/schemas/collaboration';
import { FileChangeSetBodySchema } from '@shared/schemas/collaboration';
import type { TheoremFlags } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import type { LabeledTxItem } from '../../data/transactions';
import { person, rolesOf } from '../../testing/people';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const files = vi.hoisted(() => ({
  listModelFiles: vi.fn(),
  getModelFile: vi.fn(),
  deleteObjects: vi.fn(),
  objectSize: vi.fn(),
  copyObject: vi.fn(),
}));
const uploads = vi.hoisted(() => ({ getUpload: vi.fn() }));
const settings = vi.hoisted(() => ({ getAppSettings: vi.fn() }));
vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/transactions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...transactions,
}));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/file-objects', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/uploads', () => uploads);
vi.mock('../settings/get-app-settings', () => settings);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B', webUrl: 'https://mr.example' } }));

const { changeSetIssues, planChangeSet, applyChangeSet } = await import('./change-set');
const { fileCallerAccess } = await import('./caller-access');
const { theoremMissing } = await import('../models/file-read-rules');
const { fileHistoryChain, nextVersion, ownVersions, toFileHistory, versionCountOf } = await import(
  './file-versions'
);
const { fileGrantLink, fileAccessRequestMail } = await import('./file-mails');
const { updateFiles } = await import('./update-files');
const { permissionsOf } = await import('../models/model-access');

const MODEL_UUID = '11111111-1111-4111-8111-111111111111';
const roles = rolesOf({ viewers: ['viewer', 'shared'], calibrationModelers: ['modeler'] });

function model(over: Partial<ModelRecord> = {}, metadata: Record<string, unknown> = {}): ModelRecord {
  return {
    uuid: MODEL_UUID,
    name: 'Entry',
    nameKey: 'entry',
    metaKey: 'fp',
    status: 'DRAFT',
    metadata: { global: 'false', ...metadata },
    roles,
    createdBy: 'lead',
    creatorName: 'Lead Test',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 2,
    theorem: false,
    pneu: false,
    rev: 4,
    ...over,
  } as ModelRecord;
}

let ids = 0;
function file(name: string, over: Partial<ModelFileRecord> = {}): ModelFileRecord {
  ids++;
  const uuid = `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
  return {
    uuid,
    modelUuid: MODEL_UUID,
    name,
    path: '',
    folder: false,
    size: 10,
    mainFile: false,
    owner: { id: 'lead', firstName: 'lead', lastName: 'Test' },
    isPrivate: false,
    cdd: 'No',
    createdOn: '2026-01-01T00:00:00.000Z',
    updatedOn: '2026-01-01T00:00:00.000Z',
    updatedBy: 'lead',
    s3Key: `models/${MODEL_UUID}/files/${uuid}`,
    userAccess: [],
    ...over,
  };
}

const body = (over: Partial<FileChangeSetBody>): FileChangeSetBody => FileChangeSetBodySchema.parse(over);
const ctxOf = (m: ModelRecord, existing: ModelFileRecord[], caller = person('lead')) => ({
  model: m,
  existing,
  caller,
  allowedExtensions: [] as string[],
});
const ref = (name: string, path = '', mainFile = false) => ({
  uploadFileId: `u-${name}`,
  name,
  path,
  mainFile,
});
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('file manager save: the rules (changeSetIssues)', () => {
  const main = file('model.py', { mainFile: true });
  const notes = file('notes.txt', { path: 'docs' });
  const sheet = file('inputs.xlsx');
  const docs = file('docs', { folder: true, s3Key: '' });
  const existing = [main, notes, sheet, docs];

  it('accepts a valid save of every kind', () => {
    const issues = changeSetIssues(
      ctxOf(model(), existing),
      body({
        folders: ['a/b'],
        add: [ref('report.pdf', 'docs'), ref('notes.txt', 'docs')],
        remove: [main.uuid],
        update: [{ uuid: sheet.uuid, fileTag: 'Inputs', cdd: 'Yes' }],
        clone: [{ fromUuid: sheet.uuid, name: 'inputs copy.xlsx' }],
      }),
    );
    expect(issues).toEqual([]);
  });

  it('refuses path traversal and bad names in folders and uploads', () => {
    const issues = changeSetIssues(
      ctxOf(model(), existing),
      body({ folders: ['../up', 'a//b'], add: [ref('x.txt', '../../etc'), ref('..')] }),
    );
    const badPath = (p: string) =>
      `'${p}' is not an allowed folder path: use names separated by '/', without '..', '\\' or a leading '/'.`;
    expect(messages(issues)).toEqual([
      badPath('../up'),
      badPath('a//b'),
      badPath('../../etc'),
      "'..' is not an allowed file name: use a plain name without '/', '\\', control characters, or '.'/'..'.",
    ]);
  });

  it('refuses unknown targets, a folder as a file, twice the same upload, a removed file changed', () => {
    const ghost = '00000000-0000-4000-8000-999999999999';
    const issues = changeSetIssues(
      ctxOf(model(), existing),
      body({
        add: [ref('a.txt'), ref('a.txt'), ref('docs')],
        remove: [ghost, notes.uuid],
        update: [
          { uuid: docs.uuid, cdd: 'Yes' },
          { uuid: notes.uuid, comment: 'x' },
        ],
        clone: [{ fromUuid: ghost, name: 'c.xlsx' }],
      }),
    );
    expect(messages(issues)).toEqual([
      `The file or folder ${ghost} was not found in this model entry (it may have been removed meanwhile).`,
      'a.txt appears twice in this save.',
      'A file or folder named docs exists already in this folder.',
      'docs is a folder: only files have these attributes.',
      'notes.txt cannot be removed and changed in the same save.',
      `The file ${ghost} was not found in this model entry (it may have been removed meanwhile).`,
    ]);
  });

  it('clones only readable spreadsheets, under a free name', () => {
    const secret = file('secret.xlsx', { cdd: 'Yes', owner: { id: 'owner', firstName: 'o', lastName: 'T' } });
    const issues = changeSetIssues(
      ctxOf(model(), [...existing, secret], person('viewer')),
      body({
        clone: [
          { fromUuid: main.uuid, name: 'copy.py' },
          { fromUuid: secret.uuid, name: 'copy.xlsx' },
          { fromUuid: sheet.uuid, name: 'model.py' },
          { fromUuid: sheet.uuid, name: 'a/b.xlsx' },
        ],
      }),
    );
    expect(messages(issues)).toEqual([
      'model.py: only spreadsheet files (.xls, .xlsx) can be cloned.',
      'secret.xlsx: you do not have access to this file.',
      'A file or folder named model.py exists already in this folder.',
      "'a/b.xlsx' is not an allowed file name: use a plain name without '/', '\\', control characters, or '.'/'..'.",
    ]);
  });

  it('keeps the main file and the language of a published entry', () => {
    const issues = changeSetIssues(
      ctxOf(model({ status: 'PUBLISHED' }), existing),
      body({
        add: [ref('model.py'), ref('helper.py'), ref('new-main.txt', '', true)],
        remove: [main.uuid],
        update: [{ uuid: sheet.uuid, mainFile: true }],
      }),
    );
    expect(messages(issues)).toEqual([
      'model.py: the main model file of a published model entry cannot be removed.',
      'inputs.xlsx: the main model file of a published model entry cannot be changed.',
      'model.py: the main model file of a published model entry cannot be replaced.',
      'model.py: Python files cannot be added to or replaced in a published model entry.',
      'helper.py: Python files cannot be added to or replaced in a published model entry.',
      'new-main.txt: a published model entry cannot get a new main model file.',
    ]);
  });

  it('refuses extensions outside the allowed list', () => {
    const issues = changeSetIssues(
      { ...ctxOf(model(), existing), allowedExtensions: ['.xlsx', '.txt'] },
      body({ add: [ref('a.txt'), ref('b.exe')] }),
    );
    expect(messages(issues)).toEqual(['b.exe: files of this type are not accepted.']);
  });
});

describe('file manager save: the writes (planChangeSet + applyChangeSet)', () => {
  const now = '2026-02-02T00:00:00.000Z';
  const newIds = () => {
    let n = 0;
    return () => `aaaaaaaa-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  };

  it('replaces a body in place: same uuid, new key, one more version, attributes and sharing kept', () => {
    const notes = file('notes.txt', { path: 'docs', cdd: 'Yes', userAccess: ['shared'], rev: 2 });
    const ctx = ctxOf(model(), [notes], person('owner'));
    const save = body({ uploadId: 'up', add: [ref('notes.txt', 'docs')] });
    const plan = planChangeSet(ctx, save, now, newIds());
    const uploaded = [file('notes.txt', { path: 'docs', size: 42, s3Key: 'models/m/files/new-key' })];
    const writes = applyChangeSet(ctx, save, plan, uploaded, now);
    expect(writes.created).toEqual([]);
    expect(writes.changed).toHaveLength(1);
    const { file: next, expectedRev } = writes.changed[0] ?? {};
    expect(expectedRev).toBe(2);
    expect(next).toMatchObject({
      uuid: notes.uuid,
      s3Key: 'models/m/files/new-key',
      size: 42,
      cdd: 'Yes',
      userAccess: ['shared'],
      updatedBy: 'owner',
      updatedOn: now,
    });
    // The new body is an item of its own (data/file-versions.ts), numbered after the current one.
    expect(next?.currentVersion).toBe(2);
    expect(writes.versions.map((v) => [v.fileUuid, v.versionNumber, v.action, v.isid, v.s3Key])).toEqual([
      [notes.uuid, 2, 'REPLACED', 'owner', 'models/m/files/new-key'],
    ]);
    expect(next && versionCountOf(next)).toBe(1);
    expect(writes.detail).toBe('1 replaced');
  });

  it('removes a folder with its content, creates missing folders, clones and updates', () => {
    const docs = file('docs', { folder: true, s3Key: '' });
    const inDocs = file('a.txt', { path: 'docs' });
    const deep = file('b.txt', { path: 'docs/deep' });
    const sheet = file('inputs.xlsx', { cdd: 'Yes', fileTag: 'Inputs', userAccess: ['shared'] });
    const a = file('a', { folder: true, s3Key: '' });
    const ctx = ctxOf(model(), [docs, inDocs, deep, sheet, a]);
    const save = body({
      folders: ['a/b/c'],
      remove: [docs.uuid],
      update: [{ uuid: sheet.uuid, fileTag: '', comment: 'checked', asOfDate: '2026-01-31' }],
      clone: [{ fromUuid: sheet.uuid, name: 'inputs 2.xlsx' }],
    });
    const plan = planChangeSet(ctx, save, now, newIds());
    expect(plan.folders.map((f) => [f.path, f.name])).toEqual([
      ['a', 'b'],
      ['a/b', 'c'],
    ]);
    expect(plan.removed.map((f) => f.name).sort()).toEqual(['a.txt', 'b.txt', 'docs']);
    const writes = applyChangeSet(ctx, save, plan, [], now);
    const clone = writes.created.find((f) => f.name === 'inputs 2.xlsx');
    expect(clone).toMatchObject({
      path: '',
      cdd: 'Yes',
      userAccess: ['shared'],
      owner: { id: 'lead' },
      mainFile: false,
      s3Key: `models/${MODEL_UUID}/files/${clone?.uuid}`,
    });
    expect(plan.clones[0]?.fromKey).toBe(sheet.s3Key);
    expect(clone?.currentVersion).toBe(1);
    expect(writes.versions.find((v) => v.fileUuid === clone?.uuid)?.action).toBe('CLONED');
    const updated = writes.changed[0]?.file;
    expect(updated?.fileTag).toBeUndefined();
    expect(updated).toMatchObject({ comment: 'checked', asOfDate: '2026-01-31' });
    expect(writes.after.map((f) => f.name).sort()).toEqual(['a', 'b', 'c', 'inputs 2.xlsx', 'inputs.xlsx']);
    expect(writes.detail).toBe('3 removed, 1 updated, 1 cloned, 2 folders created');
  });

  it('treats removing a file and uploading one under its name as a replacement', () => {
    const notes = file('notes.txt');
    const ctx = ctxOf(model(), [notes]);
    const save = body({ uploadId: 'up', remove: [notes.uuid], add: [ref('notes.txt')] });
    expect(changeSetIssues(ctx, save)).toEqual([]);
    const plan = planChangeSet(ctx, save, now, newIds());
    expect(plan.removed).toEqual([]);
    const writes = applyChangeSet(ctx, save, plan, [file('notes.txt', { s3Key: 'k2' })], now);
    expect(writes.changed.map((c) => [c.file.uuid, c.file.s3Key])).toEqual([[notes.uuid, 'k2']]);
  });
});

describe('what a caller may do with a file (callerAccess)', () => {
  const global = model({}, { global: 'true' });
  const local = model();
  const open = file('open.xlsx', { cdd: 'No' });
  const cdd = file('cdd.xlsx', {
    cdd: 'Yes',
    userAccess: ['shared'],
    owner: { id: 'owner', firstName: 'o', lastName: 'T' },
  });
  const priv = file('private.xlsx', { cdd: 'Yes', isPrivate: true, userAccess: ['shared'] });
  const viewerOwned = file('mine.xlsx', {
    cdd: 'Yes',
    owner: { id: 'viewer', firstName: 'v', lastName: 'T' },
  });
  const access = (who: User, m: ModelRecord, f: ModelFileRecord) => {
    const a = fileCallerAccess(who, m, f);
    return `${a.download ? 'D' : '-'}${a.requestAccess ? 'R' : '-'}${a.manage ? 'M' : '-'}`;
  };

  it.each([
    ['viewer', 'global entry, cdd Yes', person('viewer'), global, cdd, 'D--'],
    ['viewer', 'cdd No', person('viewer'), local, open, 'D--'],
    ['viewer', 'cdd Yes, not shared', person('viewer'), local, cdd, '-R-'],
    ['shared user', 'cdd Yes, shared', person('shared'), local, cdd, 'D--'],
    // Private files are managed elsewhere: no download and no 'Request Access' (000 §6, issue 21 §21).
    ['shared user', 'private, shared', person('shared'), local, priv, '---'],
    ['file owner', 'private', person('lead'), local, priv, 'D-M'],
    ['viewer owning the file', 'cdd Yes', person('viewer'), local, viewerOwned, 'D-M'],
    // Managers edit files but do not control someone else's (file-owner-rules.test.ts).
    ['model owner (manager)', 'private, not shared', person('owner'), local, priv, '---'],
    ['super user', 'private', person('admin', 'SUPERUSER'), local, priv, 'D-M'],
    ['external user', 'cdd Yes', person('vendor', 'EXTERNALUSER'), local, cdd, '---'],
  ])('%s, %s → %s', (_who, _what, who, m, f, expected) => {
    expect(access(who, m, f)).toBe(expected);
  });
});

describe('THEOREM accesses a download needs', () => {
  const all: TheoremFlags = {
    model_access: 'true',
    allow_access: 'true',
    data_cut_access: 'true',
    country_access: 'true',
  };
  const oncology = (flags?: Partial<TheoremFlags>) =>
    model(flags ? { theoremAccess: { viewer: { ...all, ...flags } } } : {}, { platform: 'Oncology' });

  it('names the missing accesses in the spec order and spelling', () => {
    const viewer = person('viewer');
    expect(theoremMissing(viewer, oncology())).toEqual(['Trail', 'Database Lock', 'Country']);
    expect(theoremMissing(viewer, oncology({ data_cut_access: 'false' }))).toEqual(['Database Lock']);
    expect(theoremMissing(viewer, oncology({}))).toEqual([]);
    expect(
      MESSAGES.theoremMissingAccess(
        theoremMissing(viewer, oncology({ allow_access: 'false', country_access: 'false' })),
      ),
    ).toBe(
      "You don't have Trail, Country access in THEOREM. Please follow the THEOREM access guide to request it.",
    );
  });

  it('asks nothing of super users nor outside Oncology entries, and uses only the caller’s own flags', () => {
    expect(theoremMissing(person('admin', 'SUPERUSER'), oncology())).toEqual([]);
    expect(theoremMissing(person('viewer'), model())).toEqual([]);
    expect(theoremMissing(person('shared'), oncology({}))).toEqual(['Trail', 'Database Lock', 'Country']);
    // Sharing the file would not help: no 'Request Access', and the reason the download would give.
    const cdd = file('cut.xlsx');
    expect(fileCallerAccess(person('viewer'), oncology({ country_access: 'false' }), cdd)).toEqual({
      download: false,
      requestAccess: false,
      manage: false,
      reason: MESSAGES.theoremMissingAccess(['Country']),
      refusal: 'theorem',
    });
  });

  it("makes an Oncology entry editable only with the caller's model_access", () => {
    const m = model({ theoremAccess: { lead: all } }, { platform: 'Oncology' });
    expect(permissionsOf(person('lead'), m).edit).toBe('allowed');
    expect(permissionsOf(person('owner'), m).edit).toBe('forbidden');
  });
});

describe('file history and mails', () => {
  it('answers one version for a file written before versions were recorded', () => {
    const legacy = file('old.xlsx', { size: 7 });
    expect(toFileHistory(legacy, ownVersions(legacy, []))).toEqual({
      fileUuid: legacy.uuid,
      items: [
        {
          versionNumber: 1,
          action: 'UPLOADED',
          isid: 'lead',
          timestamp: legacy.createdOn,
          size: 7,
          current: true,
        },
      ],
    });
    expect(versionCountOf(legacy)).toBe(0);
  });

  it('lists versions newest first, the last body current', () => {
    const f = file('a.xlsx', {
      versions: [
        { versionNumber: 1, action: 'UPLOADED', isid: 'lead', timestamp: 't1', size: 1, s3Key: 'k1' },
        { versionNumber: 2, action: 'REPLACED', isid: 'owner', timestamp: 't2', size: 2, s3Key: 'k2' },
      ],
    });
    expect(toFileHistory(f, ownVersions(f, [])).items.map((v) => [v.versionNumber, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('merges version items with a legacy list, the items winning, and numbers the next body after both', () => {
    const f = file('a.xlsx', {
      currentVersion: 3,
      versions: [
        { versionNumber: 1, action: 'UPLOADED', isid: 'lead', timestamp: 't1', size: 1, s3Key: 'k1' },
        { versionNumber: 2, action: 'REPLACED', isid: 'owner', timestamp: 't2', size: 2, s3Key: 'k2' },
      ],
    });
    const item = { modelUuid: f.modelUuid, fileUuid: f.uuid, isid: 'owner', timestamp: 't3', s3Key: 'k3' };
    const chain = ownVersions(f, [{ ...item, versionNumber: 3, action: 'REPLACED' }]);
    expect(chain.map((v) => [v.versionNumber, v.s3Key])).toEqual([
      [1, 'k1'],
      [2, 'k2'],
      [3, 'k3'],
    ]);
    expect(nextVersion({ modelUuid: f.modelUuid, fileUuid: f.uuid }, f, 'REPLACED', item).versionNumber).toBe(
      4,
    );
    expect(versionCountOf(f)).toBe(2);
  });

  it('continues the chain of the body a file was carried from into a new version, and no further', async () => {
    const origin = file('model.R', { currentVersion: 3 });
    const copy = file('model.R', {
      uuid: '33333333-3333-4333-8333-333333333333',
      modelUuid: 'new-version',
      currentVersion: 3,
      origin: { modelUuid: origin.modelUuid, fileUuid: origin.uuid, versionNumber: 2 },
    });
    const v = (f: typeof origin, n: number, action: 'UPLOADED' | 'REPLACED' | 'VERSIONED') => ({
      modelUuid: f.modelUuid,
      fileUuid: f.uuid,
      versionNumber: n,
      action,
      isid: 'lead',
      timestamp: `t${n}`,
      s3Key: `${f.modelUuid}/${n}`,
    });
    const items = new Map([
      [origin.uuid, [v(origin, 1, 'UPLOADED'), v(origin, 2, 'REPLACED'), v(origin, 3, 'REPLACED')]],
      [copy.uuid, [v(copy, 3, 'VERSIONED')]],
    ]);
    const chain = await fileHistoryChain(copy, {
      listFileVersions: async (_m, fileUuid) => items.get(fileUuid) ?? [],
      getModelFile: async (_m, fileUuid) => (fileUuid === origin.uuid ? origin : undefined),
    });
    // The origin's third body was written after the copy was taken: it is not in the copy's past.
    expect(chain.map((x) => [x.modelUuid, x.versionNumber, x.action])).toEqual([
      [origin.modelUuid, 1, 'UPLOADED'],
      [origin.modelUuid, 2, 'REPLACED'],
      ['new-version', 3, 'VERSIONED'],
    ]);
    expect(toFileHistory(copy, chain).items.map((x) => [x.versionNumber, x.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
  });

  it('builds the file grant link and the request mail', () => {
    const f = { uuid: '22222222-2222-4222-8222-222222222222', name: 'Q1 data & more.xlsx' };
    expect(fileGrantLink('https://mr.example', MODEL_UUID, f, 'emma')).toBe(
      `https://mr.example/model/${MODEL_UUID}/detail?file=${f.uuid}&fileName=Q1%20data%20%26%20more.xlsx&userId=emma`,
    );
    const mail = fileAccessRequestMail({
      webUrl: 'https://mr.example',
      model: { uuid: MODEL_UUID, name: 'Entry' },
      file: f,
      requester: person('emma'),
      to: ['lead@example.com'],
      reasons: ['To create materials for internal use (e.g., training resources)', 'Other'],
      details: 'For a course',
    });
    expect(mail.subject).toBe('File access request: Q1 data & more.xlsx in Entry');
    expect(mail.text).toContain(
      'To create materials for internal use (e.g., training resources)\nOther\n\nDetails:\nFor a course',
    );
    expect(mail.text).toContain(fileGrantLink('https://mr.example', MODEL_UUID, f, 'emma'));
  });
});

describe('updateFiles (the use case)', () => {
  const lead = person('lead');
  const notes = file('notes.txt');
  const entities = () =>
    ((transactions.runTransaction.mock.calls.at(-1)?.[0] ?? []) as LabeledTxItem[]).map((i) =>
      i.item.Put ? `Put ${String(i.item.Put.Item?.entity)}` : i.item.Delete ? 'Delete' : 'other',
    );

  beforeEach(() => {
    vi.clearAllMocks();
    models.getModel.mockResolvedValue(model());
    transactions.runTransaction.mockResolvedValue(undefined);
    files.listModelFiles.mockResolvedValue([notes]);
    files.copyObject.mockResolvedValue(undefined);
    files.deleteObjects.mockResolvedValue(undefined);
    files.objectSize.mockResolvedValue(5);
    settings.getAppSettings.mockResolvedValue({ uploadConfig: { maxFileSizeBytes: 100 } });
    uploads.getUpload.mockResolvedValue({
      uploadId: 'up',
      createdBy: 'lead',
      modelUuid: MODEL_UUID,
      createdOn: '2026-01-01T00:00:00.000Z',
      expiresAt: '2999-01-01T00:00:00.000Z',
      files: [{ uploadFileId: 'u-notes.txt', name: 'notes.txt', size: 5, key: 'uploads/up/u1' }],
    });
  });

  it('writes model, files, catalogue change and audit record in one transaction', async () => {
    const list = await updateFiles(
      lead,
      MODEL_UUID,
      body({ rev: 4, uploadId: 'up', add: [ref('notes.txt')] }),
    );
    expect(entities()).toEqual([
      'Put Model',
      'Put ModelFile',
      'Put FileVersion',
      'Put CatalogChange',
      'Put Audit',
    ]);
    const tx = transactions.runTransaction.mock.calls[0]?.[0] as LabeledTxItem[];
    expect(tx[0]?.item.Put?.Item).toMatchObject({ rev: 5, fileCount: 1 });
    expect(tx[2]?.item.Put).toMatchObject({
      Item: { fileUuid: notes.uuid, versionNumber: 2, action: 'REPLACED' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(tx[4]?.item.Put?.Item).toMatchObject({
      action: 'FILES_UPDATED',
      actor: 'lead',
      detail: '1 replaced',
    });
    expect(list.items).toEqual([
      expect.objectContaining({
        uuid: notes.uuid,
        size: 5,
        versionCount: 1,
        callerAccess: { download: true, requestAccess: false, manage: true },
      }),
    ]);
    expect(list.items[0]).not.toHaveProperty('versions');
    expect(list.items[0]).not.toHaveProperty('s3Key');
  });

  it('writes nothing and copies nothing when a rule refuses, or the rev is stale', async () => {
    await expect(updateFiles(lead, MODEL_UUID, body({ folders: ['../x'] }))).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(updateFiles(lead, MODEL_UUID, body({ rev: 3, folders: ['x'] }))).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(files.copyObject).not.toHaveBeenCalled();
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it('removes the copied bodies when the transaction fails', async () => {
    transactions.runTransaction.mockRejectedValue(new Error('boom'));
    await expect(
      updateFiles(lead, MODEL_UUID, body({ uploadId: 'up', add: [ref('notes.txt')] })),
    ).rejects.toThrow('boom');
    const copied = files.copyObject.mock.calls.map((c) => c[1]);
    expect(copied).toHaveLength(1);
    expect(files.deleteObjects).toHaveBeenCalledWith(copied);
  });

  it('refuses a viewer (403) and writes nothing', async () => {
    await expect(updateFiles(person('viewer'), MODEL_UUID, body({ folders: ['x'] }))).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });
});
