import { MessageRejected } from '@aws-sdk/client-sesv2';
import { MESSAGES } from '@shared/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { person, rolesOf } from '../../testing/people';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const files = vi.hoisted(() => ({ getModelFile: vi.fn() }));
const slots = vi.hoisted(() => ({ reserveFileAccessRequest: vi.fn(), releaseFileAccessRequest: vi.fn() }));
const people = vi.hoisted(() => ({ activeUsers: vi.fn() }));
const mailer = vi.hoisted(() => ({ sendMail: vi.fn() }));
const audit = vi.hoisted(() => ({ writeAudit: vi.fn() }));
const users = vi.hoisted(() => ({ listUsersByType: vi.fn() }));
const inApp = vi.hoisted(() => ({ notifyUsers: vi.fn() }));
vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/file-access-requests', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...slots,
}));
vi.mock('../models/model-people', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...people,
}));
vi.mock('../../lib/mailer', () => mailer);
vi.mock('../../data/audit', () => audit);
vi.mock('../notifications/notify-users', () => inApp);
vi.mock('../../data/users', async (importOriginal) => ({ ...(await importOriginal<object>()), ...users }));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', webUrl: 'https://mr.example' } }));

const { requestFileAccess } = await import('./request-file-access');
const { FILE_ACCESS_REQUESTED_RECENTLY } = await import('../../data/file-access-requests');
const { ENTRY_FILES_NOT_READABLE, FILE_PRIVATE } = await import('../models/file-read-rules');

const UUID = '11111111-1111-4111-8111-111111111111';
const FILE = '22222222-2222-4222-8222-222222222222';
const roles = rolesOf({ viewers: ['viewer'] });
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
  people.activeUsers.mockImplementation(async (ids: string[]) => ids.map((id) => person(id)));
  users.listUsersByType.mockResolvedValue([]);
  mailer.sendMail.mockResolvedValue('id');
  inApp.notifyUsers.mockResolvedValue({});
  audit.writeAudit.mockResolvedValue(undefined);
});

describe('requestFileAccess', () => {
  it("reserves the caller's slot for the file, then mails the file owner (who alone may share it) once", async () => {
    expect(await requestFileAccess(person('viewer'), UUID, FILE, body, 1_000)).toEqual({
      recipients: 1,
      mailSent: true,
    });
    expect(slots.reserveFileAccessRequest).toHaveBeenCalledWith(UUID, FILE, 'viewer', 1_000);
    expect(mailer.sendMail).toHaveBeenCalledTimes(1);
    expect(mailer.sendMail.mock.calls[0]?.[0].to).toEqual(['lead@example.com']);
  });

  it('asks the active super users when the file owner is inactive, never the managers who cannot grant', async () => {
    people.activeUsers.mockResolvedValue([]);
    users.listUsersByType.mockResolvedValue([person('admin'), { ...person('retired-admin'), active: false }]);
    expect(await requestFileAccess(person('viewer'), UUID, FILE, body)).toMatchObject({ recipients: 1 });
    expect(users.listUsersByType).toHaveBeenCalledWith('SUPERUSER');
    expect(mailer.sendMail.mock.calls[0]?.[0].to).toEqual(['admin@example.com']);
  });

  it('refuses a second request inside the cool-down (409) without mailing anyone', async () => {
    slots.reserveFileAccessRequest.mockRejectedValue(new ConflictError(FILE_ACCESS_REQUESTED_RECENTLY));
    const again = requestFileAccess(person('viewer'), UUID, FILE, body);
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toThrow(FILE_ACCESS_REQUESTED_RECENTLY);
    expect(mailer.sendMail).not.toHaveBeenCalled();
  });

  // SES in its sandbox refuses a recipient whose address it has not verified.
  it('records the request when the mail fails, tells the owner in the app and the requester that no mail went out', async () => {
    mailer.sendMail.mockRejectedValue(
      new MessageRejected({
        message: 'Email address is not verified. The following identities failed the check: lead@example.com',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    const answer = await requestFileAccess(person('viewer'), UUID, FILE, body, 5_000);
    expect(answer).toEqual({ recipients: 1, mailSent: false, message: MESSAGES.accessRequestMailFailed });
    expect(slots.releaseFileAccessRequest).not.toHaveBeenCalled();
    expect(audit.writeAudit).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'FILE_ACCESS_REQUESTED', actor: 'viewer', fileUuid: FILE }),
      5_000,
    );
    expect(inApp.notifyUsers).toHaveBeenCalledTimes(1);
    const [notification, at] = inApp.notifyUsers.mock.calls[0] ?? [];
    expect(at).toBe(5_000);
    expect(notification).toMatchObject({
      recipients: ['lead'],
      action: 'ACCESS_REQUESTED',
      createdBy: { id: 'viewer' },
      modelUuid: UUID,
      modelName: 'Entry',
    });
    // The note carries what the mail would have: the file, the reasons and the grant link.
    expect(notification.userNote).toContain('data.xlsx');
    expect(notification.userNote).toContain('for a course');
    expect(notification.userNote).toContain(`file=${FILE}`);
  });

  it('fails (502) and frees the slot when neither the mail nor the in-app notification got through', async () => {
    mailer.sendMail.mockRejectedValue(new Error('No sender configured'));
    inApp.notifyUsers.mockRejectedValue(new Error('DynamoDB down'));
    const asked = requestFileAccess(person('viewer'), UUID, FILE, body);
    await expect(asked).rejects.toMatchObject({
      statusCode: 502,
      message: MESSAGES.accessRequestUndelivered,
    });
    expect(slots.releaseFileAccessRequest).toHaveBeenCalledWith(UUID, FILE, 'viewer');
    expect(audit.writeAudit).not.toHaveBeenCalled();
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

  it('refuses a request for a private file (403): private files are managed by their owner (issue 21 §21)', async () => {
    files.getModelFile.mockResolvedValue({ ...confidential, isPrivate: true, userAccess: ['viewer'] });
    const asked = requestFileAccess(person('viewer'), UUID, FILE, body);
    await expect(asked).rejects.toBeInstanceOf(ForbiddenError);
    await expect(asked).rejects.toThrow(FILE_PRIVATE);
    expect(slots.reserveFileAccessRequest).not.toHaveBeenCalled();
    expect(mailer.sendMail).not.toHaveBeenCalled();
  });

  it('answers 409 only to a caller the download would let through', async () => {
    models.getModel.mockResolvedValue(entry({ global: 'true' }));
    await expect(requestFileAccess(person('viewer'), UUID, FILE, body)).rejects.toThrow(
      'You already have access to this file.',
    );
  });
});
