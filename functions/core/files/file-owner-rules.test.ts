import { FILE_OWNER_MESSAGES } from '@shared/rules/file-permissions';
import { type FileChangeSetBody, FileChangeSetBodySchema } from '@shared/schemas/collaboration';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { person, rolesOf } from '../../testing/people';

/**
 * 000 §6 / issue 9 §1: a file's cdd and private flags, its access list and its ownership are changed
 * by the file owner or a super user only; the entry's managers edit everything else. Issue 9 §7: a
 * clone whose source body is missing is a logged data fault and a 409 naming the file.
 */
const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const files = vi.hoisted(() => ({
  listModelFiles: vi.fn(),
  getModelFile: vi.fn(),
  deleteObjects: vi.fn(),
  objectSize: vi.fn(),
  copyObject: vi.fn(),
}));
const users = vi.hoisted(() => ({ getUser: vi.fn(), getUsers: vi.fn(), listUsersByType: vi.fn() }));
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
vi.mock('../../data/users', async (importOriginal) => ({ ...(await importOriginal<object>()), ...users }));
vi.mock('../../data/uploads', () => ({ getUpload: vi.fn() }));
vi.mock('../settings/get-app-settings', () => settings);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B', webUrl: 'https://mr.example' } }));

const { updateFiles } = await import('./update-files');
const { setFileAccess, transferFileOwner, getFileAccess } = await import('./file-access');
const { logger } = await import('../../lib/observability');

const MODEL_UUID = '11111111-1111-4111-8111-111111111111';
const roles = rolesOf({ owners: ['lead', 'owner'], viewers: ['viewer', 'fileowner'] });
const model = (): ModelRecord =>
  ({
    uuid: MODEL_UUID,
    name: 'Entry',
    nameKey: 'entry',
    metaKey: 'fp',
    status: 'DRAFT',
    metadata: { global: 'false' },
    roles,
    createdBy: 'lead',
    creatorName: 'Lead Test',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 2,
    theorem: false,
    pneu: false,
    rev: 4,
  }) as ModelRecord;

const file = (uuid: string, name: string, over: Partial<ModelFileRecord> = {}): ModelFileRecord => ({
  uuid,
  modelUuid: MODEL_UUID,
  name,
  path: '',
  folder: false,
  size: 10,
  mainFile: false,
  // Owned by a Model Viewer: the managers of the entry do not own it.
  owner: { id: 'fileowner', firstName: 'fileowner', lastName: 'Test' },
  isPrivate: true,
  cdd: 'Yes',
  createdOn: '2026-01-01T00:00:00.000Z',
  updatedOn: '2026-01-01T00:00:00.000Z',
  updatedBy: 'fileowner',
  s3Key: `models/${MODEL_UUID}/files/${uuid}`,
  userAccess: ['viewer'],
  rev: 1,
  ...over,
});
const SECRET = file('00000000-0000-4000-8000-000000000001', 'secret.xlsx');
const body = (over: Partial<FileChangeSetBody>): FileChangeSetBody => FileChangeSetBodySchema.parse(over);

beforeEach(() => {
  vi.clearAllMocks();
  models.getModel.mockResolvedValue(model());
  transactions.runTransaction.mockResolvedValue(undefined);
  files.listModelFiles.mockResolvedValue([SECRET]);
  files.getModelFile.mockResolvedValue(SECRET);
  files.objectSize.mockResolvedValue(10);
  files.copyObject.mockResolvedValue(undefined);
  settings.getAppSettings.mockResolvedValue({ uploadConfig: {} });
  const people = new Map(
    ['lead', 'steward', 'owner', 'viewer', 'fileowner', 'employee'].map((id) => [id, person(id)]),
  );
  users.getUser.mockImplementation(async (id: string) => people.get(id));
  users.getUsers.mockImplementation(async (ids: Iterable<string>) =>
    [...ids].flatMap((id) => (people.has(id) ? [people.get(id)] : [])),
  );
  users.listUsersByType.mockResolvedValue([...people.values()]);
});

describe('cdd and private flags in a file manager save', () => {
  it.each([
    ['the lead', person('lead')],
    ['the steward', person('steward')],
    ['a model owner', person('owner')],
  ])('refuses %s who does not own the file (403, naming it) and writes nothing', async (_who, caller) => {
    for (const change of [{ cdd: 'No' as const }, { isPrivate: false }]) {
      await expect(
        updateFiles(caller, MODEL_UUID, body({ update: [{ uuid: SECRET.uuid, ...change }] })),
      ).rejects.toMatchObject({ statusCode: 403, message: FILE_OWNER_MESSAGES.attributes(['secret.xlsx']) });
    }
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it('refuses the whole save, also the changes a manager may make', async () => {
    const other = file('00000000-0000-4000-8000-000000000002', 'other.xlsx', { cdd: 'No', isPrivate: false });
    files.listModelFiles.mockResolvedValue([SECRET, other]);
    await expect(
      updateFiles(
        person('lead'),
        MODEL_UUID,
        body({
          folders: ['new'],
          update: [
            { uuid: other.uuid, comment: 'fine' },
            { uuid: SECRET.uuid, cdd: 'No', comment: 'also fine' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
    expect(files.copyObject).not.toHaveBeenCalled();
  });

  it('lets a manager edit everything else, even when the form sends the unchanged flags back', async () => {
    await updateFiles(
      person('lead'),
      MODEL_UUID,
      body({
        update: [{ uuid: SECRET.uuid, comment: 'checked', fileTag: 'Inputs', cdd: 'Yes', isPrivate: true }],
      }),
    );
    expect(transactions.runTransaction).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the file owner', person('fileowner')],
    ['a super user', person('admin', 'SUPERUSER')],
  ])('lets %s change them', async (_who, caller) => {
    // The file owner is a viewer here; make them a manager so that they may edit at all.
    models.getModel.mockResolvedValue({
      ...model(),
      roles: { ...roles, owners: [...roles.owners, 'fileowner'] },
    });
    await updateFiles(
      caller,
      MODEL_UUID,
      body({ update: [{ uuid: SECRET.uuid, cdd: 'No', isPrivate: false }] }),
    );
    expect(transactions.runTransaction).toHaveBeenCalledTimes(1);
  });
});

describe('the access list and the ownership of a file', () => {
  it.each([
    ['the lead', 'lead'],
    ['the steward', 'steward'],
    ['a model owner', 'owner'],
  ])('refuses %s who does not own the file, with the reason, and writes nothing', async (_who, id) => {
    const caller = person(id);
    const refusal = { statusCode: 403, message: FILE_OWNER_MESSAGES.access };
    await expect(transferFileOwner(caller, MODEL_UUID, SECRET.uuid, { userId: id })).rejects.toMatchObject(
      refusal,
    );
    await expect(
      setFileAccess(caller, MODEL_UUID, SECRET.uuid, { userId: 'employee', status: 'ACTIVE' }),
    ).rejects.toMatchObject(refusal);
    await expect(
      setFileAccess(caller, MODEL_UUID, SECRET.uuid, { userId: 'viewer', status: 'INACTIVE' }),
    ).rejects.toMatchObject(refusal);
    await expect(getFileAccess(caller, MODEL_UUID, SECRET.uuid)).rejects.toMatchObject(refusal);
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it('keeps the fixed refusal for a caller who does not manage the entry', async () => {
    await expect(
      transferFileOwner(person('viewer'), MODEL_UUID, SECRET.uuid, { userId: 'viewer' }),
    ).rejects.toMatchObject({
      statusCode: 403,
      message: 'You do not have permission to manage access to this file.',
    });
  });

  it.each([
    ['the file owner', person('fileowner')],
    ['a super user', person('admin', 'SUPERUSER')],
  ])('lets %s share the file and transfer it', async (_who, caller) => {
    await setFileAccess(caller, MODEL_UUID, SECRET.uuid, { userId: 'employee', status: 'ACTIVE' });
    await transferFileOwner(caller, MODEL_UUID, SECRET.uuid, { userId: 'employee' });
    expect(transactions.runTransaction).toHaveBeenCalledTimes(2);
  });
});

describe('a clone whose source body is missing', () => {
  const SHEET = file('00000000-0000-4000-8000-000000000003', 'inputs.xlsx', {
    path: 'inputs',
    owner: { id: 'lead', firstName: 'lead', lastName: 'Test' },
    cdd: 'No',
    isPrivate: false,
  });

  it('answers 409 naming the file, logs a data fault and copies nothing', async () => {
    files.listModelFiles.mockResolvedValue([SHEET]);
    files.objectSize.mockResolvedValue(undefined);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(
      updateFiles(person('lead'), MODEL_UUID, body({ clone: [{ fromUuid: SHEET.uuid, name: 'copy.xlsx' }] })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message:
        "The file 'inputs/inputs.xlsx' has no content in storage, so it cannot be cloned. Please report this problem (it was logged).",
    });
    expect(files.objectSize).toHaveBeenCalledWith(SHEET.s3Key);
    expect(error).toHaveBeenCalledWith(
      'Data fault: file bodies are missing from the files bucket',
      expect.objectContaining({
        dataFault: 'missing-file-body',
        modelUuid: MODEL_UUID,
        files: [expect.objectContaining({ fileUuid: SHEET.uuid, s3Key: SHEET.s3Key })],
      }),
    );
    expect(files.copyObject).not.toHaveBeenCalled();
    expect(transactions.runTransaction).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('clones when the body is there', async () => {
    files.listModelFiles.mockResolvedValue([SHEET]);
    await updateFiles(
      person('lead'),
      MODEL_UUID,
      body({ clone: [{ fromUuid: SHEET.uuid, name: 'copy.xlsx' }] }),
    );
    expect(files.copyObject).toHaveBeenCalledWith(SHEET.s3Key, expect.stringMatching(/^models\//));
    expect(transactions.runTransaction).toHaveBeenCalledTimes(1);
  });
});
