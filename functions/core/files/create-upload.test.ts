import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const uploads = vi.hoisted(() => ({ putUpload: vi.fn(), presignUpload: vi.fn(), uploadObjectKey: vi.fn() }));
const access = vi.hoisted(() => ({ loadModelFor: vi.fn() }));
const files = vi.hoisted(() => ({ listModelFiles: vi.fn() }));
const settings = vi.hoisted(() => ({ getAppSettings: vi.fn() }));
vi.mock('../../data/uploads', () => uploads);
vi.mock('../models/model-access', () => access);
vi.mock('../../data/model-files', () => files);
vi.mock('../settings/get-app-settings', () => settings);

const { createUpload, UPLOAD_URL_SECONDS } = await import('./create-upload');

const lead: User = {
  id: 'lead',
  firstName: 'Leo',
  lastName: 'Lead',
  email: 'l@example.com',
  active: true,
  userType: 'INTERNALUSER',
  createdOn: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.clearAllMocks();
  uploads.presignUpload.mockResolvedValue({ url: 'https://s3/put', headers: {} });
  uploads.uploadObjectKey.mockImplementation((u: string, f: string) => `uploads/${u}/${f}`);
  uploads.putUpload.mockResolvedValue(undefined);
  settings.getAppSettings.mockResolvedValue({ uploadConfig: { maxFileSizeBytes: 1000 } });
  files.listModelFiles.mockResolvedValue([]);
});

describe('createUpload', () => {
  it('stores a ticket and answers one presigned PUT per file, valid 15 minutes', async () => {
    const now = Date.parse('2026-03-01T00:00:00.000Z');
    const ticket = await createUpload(
      lead,
      { files: [{ name: 'a.xlsx', size: 10, contentType: 'x/y' }] },
      now,
    );
    expect(ticket.files).toHaveLength(1);
    expect(ticket.expiresAt).toBe('2026-03-01T00:15:00.000Z');
    expect(uploads.presignUpload).toHaveBeenCalledWith(
      expect.stringMatching(/^uploads\//),
      10,
      'x/y',
      UPLOAD_URL_SECONDS,
    );
    expect(uploads.putUpload.mock.calls[0]?.[0]).toMatchObject({
      createdBy: 'lead',
      files: [{ name: 'a.xlsx', size: 10 }],
    });
  });

  it('lets an external user upload the files of a new entry (000 §2 bars only unknown user types; issue 21 §25)', async () => {
    const ticket = await createUpload(
      { ...lead, id: 'vendor', userType: 'EXTERNALUSER' },
      { files: [{ name: 'a', size: 1 }] },
    );
    expect(ticket.files).toHaveLength(1);
    expect(uploads.putUpload.mock.calls[0]?.[0]).toMatchObject({ createdBy: 'vendor' });
  });

  it('refuses a file over the limit with 413 and bad names with 400, storing nothing', async () => {
    await expect(createUpload(lead, { files: [{ name: 'big.bin', size: 1001 }] })).rejects.toMatchObject({
      statusCode: 413,
      message: 'big.bin is too large (1001 bytes): the largest allowed file is 1000 bytes.',
    });
    await expect(createUpload(lead, { files: [{ name: '../x', size: 1 }] })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(uploads.putUpload).not.toHaveBeenCalled();
  });

  it('refuses extensions outside the configured list and language files on a published entry (422)', async () => {
    settings.getAppSettings.mockResolvedValue({
      uploadConfig: { maxFileSizeBytes: 1000, allowedExtensions: ['xlsx', '.pdf'] },
    });
    await expect(createUpload(lead, { files: [{ name: 'a.exe', size: 1 }] })).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(createUpload(lead, { files: [{ name: 'a.PDF', size: 1 }] })).resolves.toBeDefined();
    settings.getAppSettings.mockResolvedValue({ uploadConfig: { maxFileSizeBytes: 1000 } });
    access.loadModelFor.mockResolvedValue({
      uuid: 'm',
      status: 'PUBLISHED',
      metadata: { python_environment: 'Py' },
    });
    await expect(
      createUpload(lead, { modelUuid: 'm', files: [{ name: 'run.py', size: 1 }] }),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: 'run.py: Python files cannot be added to or replaced in a published model entry.',
    });
    expect(access.loadModelFor).toHaveBeenCalledWith('edit', 'm', lead);
  });
});
