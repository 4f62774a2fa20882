import { MESSAGES } from '@shared/messages';
import type { ModelRoles } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError } from '../../lib/errors';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const files = vi.hoisted(() => ({ getModelFile: vi.fn() }));
const slots = vi.hoisted(() => ({ reserveFileAccessRequest: vi.fn(), releaseFileAccessRequest: vi.fn() }));
const people = vi.hoisted(() => ({ activeUsers: vi.fn() }));
const mailer = vi.hoisted(() => ({ sendMail: vi.fn() }));
const audit = vi.hoisted(() => ({ writeAudit: vi.fn() }));
const users = vi.hoisted(() => ({ listUsersByType: vi.fn() }));
vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/file-access-requests', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...slots,
}));
vi.mock('../access/model-people', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...people,
}));
vi.mock('../../lib/mailer', () => mailer);
vi.mock('../../data/audit', () => audit);
vi.mock('../../data/users', async (importOriginal) => ({ ...(await importOriginal<object>()), ...users }));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', webUrl: 'https://mr.example' } }));

const { requestFileAccess } = await import('./request-file-access');
const { FILE_ACCESS_REQUESTED_RECENTLY } = await import('../../data/file-access-requests');
const { ENTRY_FILES_NOT_READABLE } = await import('../models/file-read-rules');

const UUID = '11111111-1111-4111-8111-111111111111';
const FILE = '22222222-2222-4222-8222-222222222222';
const person = (id: string): User => ({
  id,
  firstName: id,
  lastName: 'Test',
  email: `${id}@example.com`,
  active: true,
  userType: 'INTERNALUSER',
  createdOn: '2026-01-01T00:00:00.000Z',
});
const roles: ModelRoles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: ['owner'],
  viewers: ['viewer'],
  displayViewers: [],
  calibrationModelers: [],
  scenarioModelers: [],
};
const entry = (metadata: Record<string, unknown>): ModelRecord =>
  ({ uuid: UUID, name: 'Entry', status: 'PUBLISHED', metadata, roles, createdBy: 'lead' }) as ModelRecord;
const confidential = {
  uuid: FILE,
  name: 'data.xlsx',
  path: '',
  folder: false,
  owner: { id: 'lead', firstName: 'lead', lastName: 'Test' },
  isPrivate: false,
  cdd: 'Yes',
  userAccess: [],
} as unknown as ModelFileRecord;
const body = { reasons: ['Other' as const], details: 'for a course' };

beforeEach(() => {
  vi.clearAllMocks();
  models.getModel.mockResolvedValue(entry({ global: 'false' }));
  files.getModelFile.mockResolvedValue(confidential);
  slots.reserveFileAccessRequest.mockResolvedValue(undefined);
  slots.releaseFileAccessRequest.mockResolvedValue(undefined);
  people.activeUsers.mockImplementation(async (ids: string[]) => ids.map(person));
  users.listUsersByType.mockResolvedValue([]);
  mailer.sendMail.mockResolvedValue('id');
  audit.writeAudit.mockResolvedValue(undefined);
});

describe('requestFileAccess', () => {
  it("reserves the caller's slot for the file, then mails the file owner (who alone may share it) once", async () => {
    expect(await requestFileAccess(person('viewer'), UUID, FILE, body, 1_000)).toEqual({ recipients: 1 });
    expect(slots.reserveFileAccessRequest).toHaveBeenCalledWith(UUID, FILE, 'viewer', 1_000);
    expect(mailer.sendMail).toHaveBeenCalledTimes(1);
    expect(mailer.sendMail.mock.calls[0]?.[0].to).toEqual(['lead@example.com']);
  });

  it('asks the active super users when the file owner is inactive, never the managers who cannot grant', async () => {
    people.activeUsers.mockResolvedValue([]);
    users.listUsersByType.mockResolvedValue([person('admin'), { ...person('retired-admin'), active: false }]);
    expect(await requestFileAccess(person('viewer'), UUID, FILE, body)).toEqual({ recipients: 1 });
    expect(users.listUsersByType).toHaveBeenCalledWith('SUPERUSER');
    expect(mailer.sendMail.mock.calls[0]?.[0].to).toEqual(['admin@example.com']);
  });

  it('refuses a second request inside the cool-down (409) without mailing anyone', async () => {
    slots.reserveFileAccessRequest.mockRejectedValue(new ConflictError(FILE_ACCESS_REQUESTED_RECENTLY));
    const again = requestFileAccess(person('viewer'), UUID, FILE, body);
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toThrow(FILE_ACCESS_REQUESTED_RECENTLY);
    expect(mailer.sendMail).not.toHaveBeenCalled();
    expect(FILE_ACCESS_REQUESTED_RECENTLY).toBe(
      'You asked for access to this file less than 10 minutes ago. Please wait before asking again.',
    );
  });

  it('frees the slot when the mail fails, so the user can retry at once', async () => {
    mailer.sendMail.mockRejectedValue(new Error('SES down'));
    await expect(requestFileAccess(person('viewer'), UUID, FILE, body)).rejects.toThrow('SES down');
    expect(slots.releaseFileAccessRequest).toHaveBeenCalledWith(UUID, FILE, 'viewer');
  });

  it('tells a preview-only user to ask for the model entry, not that they have the file', async () => {
    models.getModel.mockResolvedValue(entry({ global: 'true' }));
    const asked = requestFileAccess(person('employee'), UUID, FILE, body);
    await expect(asked).rejects.toBeInstanceOf(ForbiddenError);
    await expect(asked).rejects.toThrow(ENTRY_FILES_NOT_READABLE);
    expect(slots.reserveFileAccessRequest).not.toHaveBeenCalled();
    expect(mailer.sendMail).not.toHaveBeenCalled();
  });

  it('names the missing THEOREM accesses instead of mailing the file owner, who cannot give them', async () => {
    models.getModel.mockResolvedValue(entry({ global: 'true', platform: 'Oncology' }));
    await expect(requestFileAccess(person('viewer'), UUID, FILE, body)).rejects.toThrow(
      MESSAGES.theoremMissingAccess(['Trail', 'Database Lock', 'Country']),
    );
    expect(mailer.sendMail).not.toHaveBeenCalled();
  });

  it('answers 409 only to a caller the download would let through', async () => {
    models.getModel.mockResolvedValue(entry({ global: 'true' }));
    await expect(requestFileAccess(person('viewer'), UUID, FILE, body)).rejects.toThrow(
      'You already have access to this file.',
    );
  });
});
