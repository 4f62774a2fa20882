import { NAME_MESSAGES } from '@shared/rules/model-name';
import { VERSION_MESSAGES as RULE_MESSAGES } from '@shared/rules/model-version';
import type { User } from '@shared/schemas/user';
import type { NewVersionBody } from '@shared/schemas/versions-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import type { LabeledTxItem } from '../../data/transactions';
import { namedPerson, peopleById, rolesOf } from '../../testing/people';

/**
 * createVersion against an in-memory table and bucket: each transaction applies all its Puts and
 * Deletes or none, each CopyObject adds a key. A failure injected at any step must leave neither an
 * item of the new entry nor a copied body.
 */
const table = new Map<string, Record<string, unknown>>();
const bucket = new Set<string>();
const inject = { transactionAt: -1, copyAt: -1 };
let transactionCalls = 0;
let copyCalls = 0;

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const files = vi.hoisted(() => ({ listModelFiles: vi.fn() }));
const objects = vi.hoisted(() => ({ copyObject: vi.fn(), deleteObjects: vi.fn(), objectSize: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const names = vi.hoisted(() => ({ getModelNameOwner: vi.fn() }));
const users = vi.hoisted(() => ({ getUser: vi.fn(), getUsers: vi.fn() }));
const options = vi.hoisted(() => ({ activeOptionLists: vi.fn() }));
const staging = vi.hoisted(() => ({ putVersionStaging: vi.fn(), deleteVersionStaging: vi.fn() }));

vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/file-objects', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...objects,
}));
vi.mock('../../data/transactions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...transactions,
}));
vi.mock('../../data/model-names', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...names,
}));
vi.mock('../../data/version-staging', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...staging,
}));
vi.mock('../../data/users', () => users);
vi.mock('../options/list-metadata-options', () => options);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { createVersion, planWrites } = await import('./create-version');

const SOURCE = '11111111-1111-4111-8111-111111111111';
const ROOT = '00000000-0000-4000-8000-0000000000aa';
const PEOPLE = peopleById(
  namedPerson('lead'),
  namedPerson('steward'),
  namedPerson('owner'),
  namedPerson('viewer'),
  namedPerson('vendor', 'EXTERNALUSER'),
);
const as = (id: string) => PEOPLE.get(id) as User;
const metadata = {
  therapeutic_area: 'Oncology',
  disease: 'Melanoma',
  product: ['Tumivex'],
  model_type: 'Markov Cohort Model',
  type: 'Global' as const,
  version_release_of_model: '1',
  stage_of_model_development: 'Validated',
  information_classification: 'Public' as const,
  global: 'true' as const,
  suffix: 'A',
};
const lists = {
  therapeutic_area: ['Oncology'],
  disease: ['Melanoma'],
  product: ['Tumivex'],
  study_number: [],
  country: ['Germany'],
  model_type: ['Markov Cohort Model'],
  stage_of_model_development: ['Validated'],
};

const source = (over: Partial<ModelRecord> = {}): ModelRecord => ({
  uuid: SOURCE,
  name: 'Oncology - Melanoma - Tumivex - Markov Cohort Model - Global - Version: 1.0 - A',
  nameKey: 'oncology - melanoma - tumivex - markov cohort model - global - version: 1.0 - a',
  metaKey: 'fp',
  status: 'PUBLISHED',
  metadata: { ...metadata, tree_root_id: ROOT, tree_parent_id: ROOT },
  roles: rolesOf({ owners: ['owner', 'lead'], viewers: ['viewer'] }),
  createdBy: 'lead',
  creatorName: 'Lead Test',
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  fileCount: 2,
  theorem: false,
  pneu: false,
  rev: 4,
  ...over,
});

let fileIds = 0;
function sourceFile(name: string, over: Partial<ModelFileRecord> = {}): ModelFileRecord {
  fileIds++;
  const uuid = `22222222-2222-4222-8222-${String(fileIds).padStart(12, '0')}`;
  return {
    uuid,
    modelUuid: SOURCE,
    name,
    path: '',
    folder: false,
    size: 10,
    mainFile: false,
    owner: { id: 'lead', firstName: 'Lead', lastName: 'Test' },
    isPrivate: false,
    cdd: 'No',
    createdOn: '2026-01-01T00:00:00.000Z',
    updatedOn: '2026-01-01T00:00:00.000Z',
    updatedBy: 'lead',
    s3Key: `models/${SOURCE}/files/${uuid}`,
    userAccess: [],
    currentVersion: 2,
    ...over,
  };
}

const body = (over: Partial<NewVersionBody> = {}): NewVersionBody => ({
  modelItemUuids: [],
  fileTypes: {},
  metadata: { ...metadata, version_release_of_model: '2' },
  roles: rolesOf(),
  publish: false,
  ...over,
});

function keyOf(item: Record<string, unknown>) {
  return `${String(item.pk)}|${String(item.sk)}`;
}

beforeEach(() => {
  vi.clearAllMocks();
  table.clear();
  bucket.clear();
  inject.transactionAt = -1;
  inject.copyAt = -1;
  transactionCalls = 0;
  copyCalls = 0;
  fileIds = 0;
  models.getModel.mockResolvedValue(source());
  files.listModelFiles.mockResolvedValue([]);
  names.getModelNameOwner.mockResolvedValue(undefined);
  users.getUser.mockImplementation(async (id: string) => PEOPLE.get(id));
  users.getUsers.mockImplementation(async (ids: string[]) => ids.flatMap((id) => PEOPLE.get(id) ?? []));
  options.activeOptionLists.mockResolvedValue({ lists, studies: new Map() });
  transactions.runTransaction.mockImplementation(async (items: LabeledTxItem[]) => {
    const call = transactionCalls++;
    if (call === inject.transactionAt) throw new Error(`injected failure of transaction ${call}`);
    for (const { item } of items) {
      if (item.Put?.Item) table.set(keyOf(item.Put.Item), item.Put.Item);
      if (item.Delete?.Key) table.delete(keyOf(item.Delete.Key));
    }
  });
  objects.copyObject.mockImplementation(async (_from: string, to: string) => {
    const call = copyCalls++;
    if (call === inject.copyAt) throw new Error(`injected failure of copy ${call}`);
    bucket.add(to);
  });
  staging.putVersionStaging.mockImplementation(async (item: { uuid: string }) => {
    table.set(`VERSIONSTAGING|${item.uuid}`, { pk: 'VERSIONSTAGING', sk: item.uuid, ...item });
  });
  staging.deleteVersionStaging.mockImplementation(async (uuid: string) => {
    table.delete(`VERSIONSTAGING|${uuid}`);
  });
  objects.objectSize.mockResolvedValue(10);
  objects.deleteObjects.mockImplementation(async (keys: string[]) => {
    for (const k of keys) bucket.delete(k);
  });
});

const itemsOf = (uuid: string) => [...table.values()].filter((i) => i.pk === `MODEL#${uuid}`);

describe('createVersion', () => {
  it('writes the version under its parent with roles, files carrying on their history, in one transaction', async () => {
    const script = sourceFile('model.R', { fileTag: 'Script' });
    const notes = sourceFile('notes.md', { path: 'docs' });
    const docs = sourceFile('docs', { folder: true, s3Key: '', currentVersion: undefined });
    const other = sourceFile('unchosen.csv');
    files.listModelFiles.mockResolvedValue([script, notes, docs, other]);

    const result = await createVersion(
      as('owner'),
      SOURCE,
      body({
        modelItemUuids: [script.uuid, notes.uuid],
        fileTypes: { [notes.uuid]: 'Notes' },
        metadata: { ...metadata, version_release_of_model: '1.1', changelog_file: notes.uuid },
      }),
    );

    expect(transactionCalls).toBe(1);
    const entry = table.get(`MODEL#${result.uuid}|META`);
    expect(entry).toMatchObject({
      status: 'DRAFT',
      fileCount: 2,
      // The File Types over the copied files (as retagged by the request), for their usage counts.
      fileTypes: ['Notes', 'Script'],
      gsi2pk: `TREE#${ROOT}`,
      metadata: { tree_parent_id: SOURCE, tree_root_id: ROOT, version_release_of_model: '1.1' },
      roles: { vestLead: 'lead', steward: 'steward', owners: ['owner', 'lead'] },
    });
    expect(result.name).toContain('Version: 1.1');
    const nodes = itemsOf(result.uuid).filter((i) => i.entity === 'ModelFile');
    expect(nodes.map((n) => [n.path, n.name, n.fileTag, n.folder])).toEqual(
      expect.arrayContaining([
        ['', 'docs', undefined, true],
        ['', 'model.R', 'Script', false],
        ['docs', 'notes.md', 'Notes', false],
      ]),
    );
    expect(nodes).toHaveLength(3);
    const copiedScript = nodes.find((n) => n.name === 'model.R');
    expect(copiedScript).toMatchObject({
      currentVersion: 3,
      origin: { modelUuid: SOURCE, fileUuid: script.uuid, versionNumber: 2 },
      s3Key: `models/${result.uuid}/files/${String(copiedScript?.uuid)}`,
    });
    const versions = itemsOf(result.uuid).filter((i) => i.entity === 'FileVersion');
    expect(versions.map((v) => [v.versionNumber, v.action, v.isid])).toEqual([
      [3, 'VERSIONED', 'owner'],
      [3, 'VERSIONED', 'owner'],
    ]);
    // Bodies are copied inside the bucket from the source's keys, never handed to the browser.
    expect(objects.copyObject).toHaveBeenCalledWith(script.s3Key, copiedScript?.s3Key);
    expect(bucket.size).toBe(2);
    // The changelog document follows its file into the copy.
    const copiedNotes = nodes.find((n) => n.name === 'notes.md');
    expect(entry?.metadata).toMatchObject({ changelog_file: copiedNotes?.uuid });
    expect([...table.values()].map((i) => i.entity)).toEqual(
      expect.arrayContaining(['ModelName', 'ModelMetadataKey', 'Membership', 'CatalogChange']),
    );
    const change = [...table.values()].find((i) => i.entity === 'CatalogChange');
    expect(change?.entry).toMatchObject({ fileTypes: ['Notes', 'Script'] });
  });

  it.each([
    ['1', RULE_MESSAGES.minimum('1')],
    ['0.9', RULE_MESSAGES.minimum('1')],
    ['1.1.1', RULE_MESSAGES.format],
    ['v2', RULE_MESSAGES.format],
  ])('refuses version %s under parent version 1 in the same scope: %s', async (version, message) => {
    await expect(
      createVersion(
        as('owner'),
        SOURCE,
        body({ metadata: { ...metadata, version_release_of_model: version } }),
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: expect.arrayContaining([{ path: 'body.metadata.version_release_of_model', message }]),
    });
    expect(table.size).toBe(0);
  });

  it('accepts a lower version when the scope differs from the parent (another country)', async () => {
    const result = await createVersion(
      as('owner'),
      SOURCE,
      body({
        metadata: {
          ...metadata,
          global: 'false',
          type: 'Country Adaptation' as never,
          country: ['Germany'],
          version_release_of_model: '0.5',
        },
      }),
    );
    expect(table.get(`MODEL#${result.uuid}|META`)).toBeDefined();
  });

  it('keeps the display users and modelers chosen in the Access step of a WebModel 2.0 version', async () => {
    const roles = rolesOf({ owners: ['owner', 'lead'], displayViewers: ['viewer'] });
    const result = await createVersion(
      as('owner'),
      SOURCE,
      body({ metadata: { ...metadata, version_release_of_model: '2', platform: 'WebModel 2.0' }, roles }),
    );
    expect(table.get(`MODEL#${result.uuid}|META`)).toMatchObject({
      roles: { displayViewers: ['viewer'], viewers: [] },
    });
  });

  it('refuses display users and modelers added on a version of another platform (422), writing nothing', async () => {
    await expect(
      createVersion(
        as('owner'),
        SOURCE,
        body({ roles: rolesOf({ owners: ['owner', 'lead'], scenarioModelers: ['viewer'] }) }),
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: expect.arrayContaining([
        {
          path: 'body.roles',
          message: "Scenario Modeler access exists on 'WebModel 2.0' model entries only.",
        },
      ]),
    });
    expect(table.size).toBe(0);

    // Holders carried over from the source keep their role, as on 'Update Permissions'.
    models.getModel.mockResolvedValue(
      source({ roles: rolesOf({ owners: ['owner', 'lead'], scenarioModelers: ['viewer'] }) }),
    );
    const carried = await createVersion(
      as('owner'),
      SOURCE,
      body({ roles: rolesOf({ owners: ['owner', 'lead'], scenarioModelers: ['viewer'] }) }),
    );
    expect(table.get(`MODEL#${carried.uuid}|META`)).toMatchObject({
      roles: { scenarioModelers: ['viewer'] },
    });
  });

  it("answers 409 with the spec's text when the generated name is taken, before anything is copied", async () => {
    files.listModelFiles.mockResolvedValue([sourceFile('model.R')]);
    names.getModelNameOwner.mockResolvedValue('someone-else');
    await expect(
      createVersion(as('owner'), SOURCE, body({ modelItemUuids: [(await files.listModelFiles())[0].uuid] })),
    ).rejects.toMatchObject({ statusCode: 409, message: NAME_MESSAGES.notUnique });
    expect(objects.copyObject).not.toHaveBeenCalled();
    expect(table.size).toBe(0);
  });

  it.each([
    ['viewer', 403],
    // External users may add entries (000 §2, issue 21 §25), but this one does not see the source.
    ['vendor', 404],
  ])('refuses %s (%i)', async (who, status) => {
    await expect(createVersion(as(who), SOURCE, body())).rejects.toMatchObject({ statusCode: status });
    expect(table.size).toBe(0);
  });

  it('refuses a retired source (409) and unknown or unreadable files (422)', async () => {
    models.getModel.mockResolvedValueOnce(source({ status: 'RETIRED' }));
    await expect(createVersion(as('owner'), SOURCE, body())).rejects.toMatchObject({ statusCode: 409 });

    const secret = sourceFile('secret.xlsx', {
      cdd: 'Yes',
      owner: { id: 'lead', firstName: 'L', lastName: 'T' },
    });
    files.listModelFiles.mockResolvedValue([secret]);
    models.getModel.mockResolvedValue(source({ metadata: { ...source().metadata, global: 'false' } }));
    const unknown = '33333333-3333-4333-8333-333333333333';
    await expect(
      createVersion(
        as('owner'),
        SOURCE,
        body({
          modelItemUuids: [secret.uuid, unknown],
          metadata: { ...metadata, global: 'false', country: ['Germany'], version_release_of_model: '2' },
        }),
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: expect.arrayContaining([
        { path: 'body.modelItemUuids', message: `${unknown} is not a file of this model entry.` },
        { path: 'body.modelItemUuids', message: 'secret.xlsx: You do not have access to this file.' },
      ]),
    });
    expect(objects.copyObject).not.toHaveBeenCalled();
  });

  it('answers 409 naming the file when a source body is missing (a data fault), leaving nothing', async () => {
    const script = sourceFile('model.R', { path: 'model' });
    const notes = sourceFile('notes.md');
    files.listModelFiles.mockResolvedValue([script, notes]);
    objects.copyObject.mockImplementation(async (from: string, to: string) => {
      if (from === script.s3Key) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
      bucket.add(to);
    });
    objects.objectSize.mockImplementation(async (key: string) => (key === script.s3Key ? undefined : 10));
    await expect(
      createVersion(as('owner'), SOURCE, body({ modelItemUuids: [script.uuid, notes.uuid] })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message:
        "The file 'model/model.R' has no content in storage, so it cannot be carried into the new version. Please report this problem (it was logged).",
    });
    expect(bucket.size).toBe(0);
    expect(table.size).toBe(0);
  });

  describe('with more files than one transaction holds', () => {
    const many = () => Array.from({ length: 120 }, (_, i) => sourceFile(`script-${i}.R`));

    it('stages the file items in batches and commits the entry last', async () => {
      const sourceFiles = many();
      files.listModelFiles.mockResolvedValue(sourceFiles);
      const result = await createVersion(
        as('owner'),
        SOURCE,
        body({ modelItemUuids: sourceFiles.map((f) => f.uuid) }),
      );
      // 240 file items and 9 entry items (entry, name, metadata key, 3 memberships, catalogue change,
      // the lineage check, the journal's deletion): two staged batches, then the commit with the
      // entry and as many file items as fit.
      expect(transactionCalls).toBe(3);
      const calls = transactions.runTransaction.mock.calls.map((c) => c[0] as LabeledTxItem[]);
      expect(calls.map((c) => c.length)).toEqual([100, 49, 100]);
      expect(calls.at(-1)?.[0]?.item.Put?.Item?.entity).toBe('Model');
      expect(itemsOf(result.uuid).filter((i) => i.entity === 'ModelFile')).toHaveLength(120);
      expect(bucket.size).toBe(120);
      // The journal was written before the first copy and closed by the commit.
      expect(staging.putVersionStaging).toHaveBeenCalledWith(
        expect.objectContaining({ uuid: result.uuid, sourceUuid: SOURCE, startedBy: 'owner' }),
      );
      expect(staging.putVersionStaging.mock.invocationCallOrder[0]).toBeLessThan(
        objects.copyObject.mock.invocationCallOrder[0] as number,
      );
      expect(table.has(`VERSIONSTAGING|${result.uuid}`)).toBe(false);
    });

    it('leaves the journal for the sweeper when the cleanup of a failure cannot finish', async () => {
      const sourceFiles = many();
      files.listModelFiles.mockResolvedValue(sourceFiles);
      inject.transactionAt = 2;
      objects.deleteObjects.mockRejectedValueOnce(new Error('S3 is down'));
      await expect(
        createVersion(as('owner'), SOURCE, body({ modelItemUuids: sourceFiles.map((f) => f.uuid) })),
      ).rejects.toThrow('injected failure of transaction 2');
      const [journal] = [...table.values()];
      expect(journal).toMatchObject({ pk: 'VERSIONSTAGING', sourceUuid: SOURCE });
      expect(bucket.size).toBe(120);
    });

    it.each([0, 1, 2])('leaves nothing when transaction %i fails', async (k) => {
      const sourceFiles = many();
      files.listModelFiles.mockResolvedValue(sourceFiles);
      inject.transactionAt = k;
      await expect(
        createVersion(as('owner'), SOURCE, body({ modelItemUuids: sourceFiles.map((f) => f.uuid) })),
      ).rejects.toThrow(`injected failure of transaction ${k}`);
      expect(table.size).toBe(0);
      expect(bucket.size).toBe(0);
    });

    it.each([0, 57, 119])('leaves nothing when copy %i fails', async (k) => {
      const sourceFiles = many();
      files.listModelFiles.mockResolvedValue(sourceFiles);
      inject.copyAt = k;
      await expect(
        createVersion(as('owner'), SOURCE, body({ modelItemUuids: sourceFiles.map((f) => f.uuid) })),
      ).rejects.toThrow(`injected failure of copy ${k}`);
      expect(table.size).toBe(0);
      expect(bucket.size).toBe(0);
      expect(transactions.runTransaction).not.toHaveBeenCalled();
    });
  });
});

describe('planWrites', () => {
  const items = (n: number, tag: string): LabeledTxItem[] =>
    Array.from({ length: n }, (_, i) => ({
      item: { Put: { TableName: 'T', Item: { pk: tag, sk: String(i) } } },
    }));

  it.each([
    [0, 5, [], 5],
    [95, 5, [], 100],
    [96, 5, [1], 100],
    [195, 5, [100], 100],
    [296, 4, [100, 100], 100],
  ])('%i file items and %i entry items: batches %j, then a commit of %i', (files, entry, batches, last) => {
    const plan = planWrites(items(files, 'f'), items(entry, 'e'));
    expect(plan.batches.map((b) => b.length)).toEqual(batches);
    expect(plan.last).toHaveLength(last);
    expect(plan.last.slice(0, entry).every((i) => i.item.Put?.Item?.pk === 'e')).toBe(true);
  });
});
