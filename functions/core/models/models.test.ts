import { NAME_MESSAGES } from '@shared/rules/model-name';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRecord } from '../../data/models';
import type { LabeledTxItem } from '../../data/transactions';
import { namedPerson, peopleById, rolesOf } from '../../testing/people';

const models = vi.hoisted(() => ({ getModel: vi.fn(), listLineage: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const names = vi.hoisted(() => ({ getModelNameOwner: vi.fn() }));
const users = vi.hoisted(() => ({ getUser: vi.fn(), getUsers: vi.fn() }));
const files = vi.hoisted(() => ({
  getModelFile: vi.fn(),
  listModelFiles: vi.fn(),
  listModelPartitionKeys: vi.fn(),
  listObjectKeys: vi.fn(),
  deleteObjects: vi.fn(),
  objectSize: vi.fn(),
  copyObject: vi.fn(),
}));
const uploads = vi.hoisted(() => ({ getUpload: vi.fn() }));
const options = vi.hoisted(() => ({ activeOptionLists: vi.fn() }));
const settings = vi.hoisted(() => ({ getAppSettings: vi.fn() }));
const subModels = vi.hoisted(() => ({ subModelPartitionKeys: vi.fn(), deleteKeys: vi.fn() }));
const instances = vi.hoisted(() => ({ deleteAllInstancesOf: vi.fn() }));

vi.mock('../../data/models', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...models,
}));
vi.mock('../../data/transactions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...transactions,
}));
vi.mock('../../data/model-names', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...names,
}));
vi.mock('../../data/users', () => users);
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/file-objects', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/uploads', () => uploads);
vi.mock('../../data/sub-models', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...subModels,
}));
vi.mock('../../data/instances-outdate', () => instances);
vi.mock('../options/list-metadata-options', () => options);
vi.mock('../settings/get-app-settings', () => settings);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { createModel } = await import('./create-model');
const { CHANGELOG_NOT_A_FILE, updateModel } = await import('./update-model');
const { publishModel } = await import('./publish-model');
const { setModelRoles } = await import('./model-roles');
const { deleteModel } = await import('./delete-model');
const { toModelDetail } = await import('./model-detail');
const { requireAction } = await import('./model-access');

const PEOPLE = peopleById(
  namedPerson('lead'),
  namedPerson('steward'),
  namedPerson('owner'),
  namedPerson('viewer'),
  namedPerson('stranger'),
  namedPerson('admin', 'SUPERUSER'),
  namedPerson('vendor', 'EXTERNALUSER'),
);
const roles = rolesOf({ viewers: ['viewer'] });
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
const stewardFields = {
  isid_of_model_steward: 'steward',
  email_for_model_steward: 'steward@example.com',
  name_of_model_steward: 'Steward Test',
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

function stored(overrides: Partial<ModelRecord> = {}): ModelRecord {
  return {
    uuid: '11111111-1111-4111-8111-111111111111',
    name: 'Oncology - Melanoma - Tumivex - Markov Cohort Model - Global - Version: 1.0 - A',
    nameKey: 'oncology - melanoma - tumivex - markov cohort model - global - version: 1.0 - a',
    metaKey: 'fp',
    status: 'DRAFT',
    metadata: { ...metadata, ...stewardFields, tree_root_id: '11111111-1111-4111-8111-111111111111' },
    roles: { ...roles, owners: ['owner', 'lead'] },
    createdBy: 'lead',
    creatorName: 'Lead Test',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 1,
    theorem: false,
    pneu: false,
    rev: 3,
    ...overrides,
  };
}

/** Which entity each item of the last transaction writes, e.g. 'Put Model', 'Delete ModelName'. */
function txItems(): LabeledTxItem[] {
  return (transactions.runTransaction.mock.calls.at(-1)?.[0] ?? []) as LabeledTxItem[];
}

function lastTransaction(): string[] {
  return txItems().map((i) => {
    if (i.item.Put) return `Put ${String(i.item.Put.Item?.entity)}`;
    if (i.item.Delete)
      return `Delete ${String(i.item.Delete.Key?.pk).split('#')[0]}#${String(i.item.Delete.Key?.sk).split('#')[0]}`;
    return 'other';
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  users.getUser.mockImplementation(async (id: string) => PEOPLE.get(id));
  users.getUsers.mockImplementation(async (ids: string[]) => ids.flatMap((id) => PEOPLE.get(id) ?? []));
  names.getModelNameOwner.mockResolvedValue(undefined);
  options.activeOptionLists.mockResolvedValue({ lists, studies: new Map() });
  transactions.runTransaction.mockResolvedValue(undefined);
  models.listLineage.mockResolvedValue([]);
  files.listModelFiles.mockResolvedValue([]);
  files.deleteObjects.mockResolvedValue(undefined);
  files.copyObject.mockResolvedValue(undefined);
  files.objectSize.mockResolvedValue(5);
  settings.getAppSettings.mockResolvedValue({ uploadConfig: { maxFileSizeBytes: 100 } });
  uploads.getUpload.mockResolvedValue({
    uploadId: 'up-1',
    createdBy: 'lead',
    createdOn: '2026-01-01T00:00:00.000Z',
    expiresAt: '2999-01-01T00:00:00.000Z',
    files: [{ uploadFileId: 'f-1', name: 'model.xlsx', size: 5, key: 'uploads/up-1/f-1' }],
  });
});

const createBody = (over: Record<string, unknown> = {}) => ({
  files: [],
  metadata,
  roles,
  lineage: 'new' as const,
  publish: false,
  ...over,
});

describe('createModel', () => {
  it('writes model, name, metadata key, memberships, files and one catalogue change in one transaction', async () => {
    const model = await createModel(
      PEOPLE.get('lead') as User,
      createBody({
        uploadId: 'up-1',
        files: [{ uploadFileId: 'f-1', name: 'model.xlsx', path: '', mainFile: true }],
      }),
    );
    expect(model).toMatchObject({
      status: 'DRAFT',
      rev: 1,
      fileCount: 1,
      metadata: { tree_root_id: model.uuid },
    });
    expect(model.metadata.isid_of_model_steward).toBe('steward');
    expect(lastTransaction()).toEqual([
      'Put Model',
      'Put ModelName',
      'Put ModelMetadataKey',
      'Put Membership',
      'Put Membership',
      'Put Membership',
      'Put ModelFile',
      'Put CatalogChange',
    ]);
    expect(files.copyObject).toHaveBeenCalledWith(
      'uploads/up-1/f-1',
      expect.stringMatching(new RegExp(`^models/${model.uuid}/files/`)),
    );
  });

  it('removes the copied files when the transaction fails: nothing is left half-created', async () => {
    transactions.runTransaction.mockRejectedValue(new Error('TransactionCanceled'));
    await expect(
      createModel(
        PEOPLE.get('lead') as User,
        createBody({
          uploadId: 'up-1',
          files: [{ uploadFileId: 'f-1', name: 'model.xlsx', path: '', mainFile: true }],
        }),
      ),
    ).rejects.toThrow('TransactionCanceled');
    const copied = files.copyObject.mock.calls[0]?.[1];
    expect(files.deleteObjects).toHaveBeenCalledWith([copied]);
  });

  it('refuses a taken name (409) and invalid input (422) before writing anything', async () => {
    names.getModelNameOwner.mockResolvedValue('other');
    await expect(createModel(PEOPLE.get('lead') as User, createBody())).rejects.toMatchObject({
      statusCode: 409,
      message: NAME_MESSAGES.notUnique,
    });
    names.getModelNameOwner.mockResolvedValue(undefined);
    await expect(
      createModel(
        PEOPLE.get('lead') as User,
        createBody({ metadata: { ...metadata, disease: 'Unknown', model_type: undefined } }),
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: expect.arrayContaining([
        expect.objectContaining({ message: 'Model Type is missing' }),
        expect.objectContaining({ message: 'Unknown is not a valid option for Disease' }),
      ]),
    });
    await expect(
      createModel(PEOPLE.get('lead') as User, createBody({ publish: true })),
    ).rejects.toMatchObject({
      statusCode: 422,
      issues: expect.arrayContaining([
        expect.objectContaining({ severity: 'ERROR_PUBLISH', message: 'Files is missing' }),
      ]),
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
    expect(files.copyObject).not.toHaveBeenCalled();
  });

  it('lets an external user add an entry as its owner, lead and steward staying internal (issue 21 §25)', async () => {
    const model = await createModel(PEOPLE.get('vendor') as User, createBody());
    expect(model.roles.owners).toContain('vendor');
    expect(model.roles.vestLead).not.toBe('vendor');
    expect(model.roles.steward).not.toBe('vendor');
  });

  it('makes the creator an owner when they hold no managing role', async () => {
    const model = await createModel(PEOPLE.get('viewer') as User, createBody());
    expect(model.roles.owners).toContain('viewer');
    expect(model.roles.viewers).not.toContain('viewer');
  });

  it('gives modelers and display users only to WebModel 2.0 entries (422 elsewhere, nothing written)', async () => {
    const withModeler = { ...roles, viewers: [], calibrationModelers: ['viewer'] };
    await expect(
      createModel(PEOPLE.get('lead') as User, createBody({ roles: withModeler })),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: "Calibration Modeler access exists on 'WebModel 2.0' model entries only.",
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
    const model = await createModel(
      PEOPLE.get('lead') as User,
      createBody({ roles: withModeler, metadata: { ...metadata, platform: 'WebModel 2.0' } }),
    );
    expect(model.roles.calibrationModelers).toEqual(['viewer']);
  });
});

describe('updateModel', () => {
  it('moves the name and the metadata key in the same transaction on a rename', async () => {
    models.getModel.mockResolvedValue(stored());
    const next = await updateModel(PEOPLE.get('owner') as User, stored().uuid, {
      metadata: { ...metadata, suffix: 'B' },
      rev: 3,
    });
    expect(next).toMatchObject({ rev: 4, name: expect.stringMatching(/ - B$/) });
    expect(lastTransaction()).toEqual([
      'Put Model',
      'Delete MODELNAME#NAME',
      'Put ModelName',
      'Delete MODELMETA#MODEL',
      'Put ModelMetadataKey',
      'Put CatalogChange',
    ]);
  });

  it('binds the version only by children of the same scope: a country adaptation may share it (000 §5)', async () => {
    const entry = stored();
    models.getModel.mockResolvedValue(entry);
    const child = (version: string, scope: object) =>
      stored({
        uuid: '22222222-2222-4222-8222-222222222222',
        metadata: { ...metadata, ...scope, version_release_of_model: version, tree_parent_id: entry.uuid },
      });
    // A UK adaptation at version 1 under the global entry at version 1: the global entry stays editable.
    models.listLineage.mockResolvedValue([
      entry,
      child('1', { global: 'false', type: 'Country Adaptation', country: ['United Kingdom'] }),
    ]);
    await expect(
      updateModel(PEOPLE.get('owner') as User, entry.uuid, { metadata: { ...metadata, notes: 'x' }, rev: 3 }),
    ).resolves.toMatchObject({ rev: 4 });
    // A child of the same scope at version 1 binds it: 422 with the rule's text.
    models.listLineage.mockResolvedValue([entry, child('1', {})]);
    await expect(
      updateModel(PEOPLE.get('owner') as User, entry.uuid, { metadata: { ...metadata, notes: 'y' }, rev: 3 }),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('keeps lineage and steward fields and answers 409 on a stale rev', async () => {
    models.getModel.mockResolvedValue(
      stored({ metadata: { ...metadata, ...stewardFields, tree_root_id: 'root' } }),
    );
    const next = await updateModel(PEOPLE.get('owner') as User, stored().uuid, {
      metadata: { ...metadata, tree_root_id: 'hijack', isid_of_model_steward: 'viewer' },
      rev: 3,
    });
    expect(next.metadata).toMatchObject({ tree_root_id: 'root', isid_of_model_steward: 'steward' });
    await expect(
      updateModel(PEOPLE.get('owner') as User, stored().uuid, { metadata, rev: 2 }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it("takes only one of the entry's files as its changelog (issue 21 §19)", async () => {
    models.getModel.mockResolvedValue(stored());
    files.getModelFile.mockImplementation(async (_uuid: string, fileUuid: string) =>
      fileUuid === 'f-log' ? { uuid: 'f-log', folder: false } : undefined,
    );
    const next = await updateModel(PEOPLE.get('owner') as User, stored().uuid, {
      metadata: { ...metadata, changelog_file: 'f-log' },
      rev: 3,
    });
    expect(next.metadata.changelog_file).toBe('f-log');
    await expect(
      updateModel(PEOPLE.get('owner') as User, stored().uuid, {
        metadata: { ...metadata, changelog_file: 'elsewhere' },
        rev: 3,
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: CHANGELOG_NOT_A_FILE });
  });

  it('refuses viewers (403) and strangers (404)', async () => {
    models.getModel.mockResolvedValue(stored());
    await expect(
      updateModel(PEOPLE.get('viewer') as User, stored().uuid, { metadata, rev: 3 }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      updateModel(PEOPLE.get('stranger') as User, stored().uuid, { metadata, rev: 3 }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('publishModel', () => {
  it('refuses with every issue when blocking, publishes otherwise', async () => {
    models.getModel.mockResolvedValue(stored({ fileCount: 0 }));
    await expect(publishModel(PEOPLE.get('lead') as User, stored().uuid, undefined)).rejects.toMatchObject({
      statusCode: 422,
      issues: expect.arrayContaining([
        expect.objectContaining({ severity: 'ERROR_PUBLISH', field: 'files', message: 'Files is missing' }),
        expect.objectContaining({ severity: 'WARNING', field: 'veap_id' }),
      ]),
    });
    models.getModel.mockResolvedValue(stored());
    const next = await publishModel(PEOPLE.get('lead') as User, stored().uuid, 3);
    expect(next).toMatchObject({ status: 'PUBLISHED', rev: 4 });
    models.getModel.mockResolvedValue(stored({ status: 'PUBLISHED' }));
    await expect(publishModel(PEOPLE.get('lead') as User, stored().uuid, undefined)).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});

describe('setModelRoles', () => {
  it('normalizes, updates memberships that change and the steward fields', async () => {
    models.getModel.mockResolvedValue(stored());
    // The lead may change the steward (owners may not: model-roles-rules.test.ts).
    const detail = await setModelRoles(PEOPLE.get('lead') as User, stored().uuid, {
      roles: { ...roles, owners: ['owner', 'lead', 'viewer'], viewers: [], steward: 'stranger' },
      rev: 3,
    });
    expect(detail.roles.viewers).toEqual([]);
    expect(detail.rev).toBe(4);
    // viewer becomes an owner (put), stranger the steward (put), steward leaves (delete).
    expect(lastTransaction()).toEqual([
      'Put Model',
      'Put Membership',
      'Put Membership',
      'Delete USER#MODEL',
      'Put CatalogChange',
    ]);
    const model = txItems()[0]?.item.Put?.Item;
    expect(model?.metadata.isid_of_model_steward).toBe('stranger');
  });

  it('refuses an external steward and an owner removing themself', async () => {
    models.getModel.mockResolvedValue(stored());
    await expect(
      setModelRoles(PEOPLE.get('lead') as User, stored().uuid, {
        roles: { ...roles, steward: 'vendor' },
        rev: 3,
      }),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: 'External user cannot be added as the Model Steward.',
    });
    await expect(
      setModelRoles(PEOPLE.get('owner') as User, stored().uuid, {
        roles: { ...roles, owners: ['lead'] },
        rev: 3,
      }),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: 'You cannot remove yourself from the owners of this model.',
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });
});

describe('deleteModel', () => {
  it('deletes model, name, metadata key, memberships, partition items and writes a deleted change', async () => {
    models.getModel.mockResolvedValue(stored());
    files.listModelPartitionKeys.mockResolvedValue([
      { pk: 'MODEL#x', sk: 'META' },
      { pk: 'MODEL#x', sk: 'FILE#f1' },
    ]);
    files.listObjectKeys.mockResolvedValue(['models/x/files/f1']);
    const subModelKeys = [{ pk: `SUBMODELS#${stored().uuid}`, sk: 'SUBMODEL#s1' }];
    subModels.subModelPartitionKeys.mockResolvedValue(subModelKeys);
    await deleteModel(PEOPLE.get('lead') as User, stored().uuid, 3);
    expect(lastTransaction()).toEqual([
      'Delete MODEL#META',
      'Delete MODELNAME#NAME',
      'Delete MODELMETA#MODEL',
      'Delete USER#MODEL',
      'Delete USER#MODEL',
      'Delete USER#MODEL',
      'Put CatalogChange',
      'Delete MODEL#FILE',
    ]);
    const change = txItems()[6]?.item.Put?.Item;
    expect(change?.entry).toMatchObject({ deleted: true, uuid: stored().uuid });
    expect(files.deleteObjects).toHaveBeenCalled();
    // Sub-models, inputs, groups and instances live outside MODEL#<uuid>: deleted after the transaction.
    expect(subModels.deleteKeys).toHaveBeenCalledWith(subModelKeys);
    expect(instances.deleteAllInstancesOf).toHaveBeenCalledWith(stored().uuid);
  });
});

describe('the preview rule and the error mapping', () => {
  it('gives preview-only callers the general information only', async () => {
    const model = stored({
      status: 'PUBLISHED',
      metadata: {
        ...metadata,
        notes: 'secret',
        legal_notice: 'L',
        bitbucket_project: 'P',
        email_for_model_steward: 'e',
      },
    });
    const detail = await toModelDetail(model, PEOPLE.get('stranger') as User);
    expect(detail.permissions).toMatchObject({ view: 'disallowed', preview: 'allowed' });
    expect(detail.metadata).toEqual(metadata);
    expect(detail.roles.viewers).toEqual([]);
    expect(detail.fileCount).toBe(0);
    const full = await toModelDetail(model, PEOPLE.get('viewer') as User);
    expect(full.metadata.notes).toBe('secret');
    expect(full.roles.viewers).toEqual(['viewer']);
  });

  it('maps outcomes: hidden entry 404, disallowed 403, state conflicts 409, read-only 403', () => {
    const draft = stored();
    expect(() => requireAction('publish', PEOPLE.get('stranger') as User, draft)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => requireAction('publish', PEOPLE.get('viewer') as User, draft)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => requireAction('retire', PEOPLE.get('lead') as User, draft)).toThrow(
      expect.objectContaining({ statusCode: 409 }),
    );
    const pneu = stored({ metadata: { ...metadata, platform: 'Pneumococcal Vaccines' } });
    expect(() => requireAction('edit', PEOPLE.get('lead') as User, pneu)).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'This model entry is read-only.' }),
    );
    expect(() => requireAction('publish', PEOPLE.get('lead') as User, draft)).not.toThrow();
  });
});
