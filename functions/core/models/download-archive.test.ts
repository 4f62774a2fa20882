import { MESSAGES } from '@shared/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchiveJob } from '../../data/archive-jobs';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { person } from '../../testing/people';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const files = vi.hoisted(() => ({ listModelFiles: vi.fn() }));
const objects = vi.hoisted(() => ({ objectSize: vi.fn(), putObject: vi.fn(), presignDownload: vi.fn() }));
const jobs = vi.hoisted(() => ({
  putArchiveJob: vi.fn(),
  getArchiveJob: vi.fn(),
  finishArchiveJob: vi.fn(),
}));
const audit = vi.hoisted(() => ({ writeAudit: vi.fn() }));
const invoker = vi.hoisted(() => ({ startJob: vi.fn() }));

vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/file-objects', () => objects);
vi.mock('../../data/archive-jobs', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...jobs,
}));
vi.mock('../../data/audit', () => audit);
vi.mock('../../lib/job-invoker', () => invoker);
vi.mock('../usage/record-usage', () => ({ recordUsage: vi.fn() }));

const { startDownloadArchive, getDownloadArchive, missingBodiesMessage, ARCHIVE_NOT_YOURS } = await import(
  './download-archive'
);
const { logger } = await import('../../lib/observability');

const UUID = '11111111-1111-4111-8111-111111111111';
const NOW = Date.parse('2026-03-01T12:00:00.000Z');

const viewer = person('viewer');
const lead = person('lead');
const admin = person('admin', 'SUPERUSER');

function model(overrides: Partial<ModelRecord> = {}): ModelRecord {
  return {
    uuid: UUID,
    name: 'Oncology - Melanoma / Tumivex: Version 1.0',
    nameKey: 'k',
    metaKey: 'fp',
    status: 'PUBLISHED',
    metadata: {
      therapeutic_area: 'Oncology',
      disease: 'Melanoma',
      product: ['Tumivex'],
      model_type: 'Markov Cohort Model',
      type: 'Country Adaptation',
      version_release_of_model: '1',
      stage_of_model_development: 'Validated',
      information_classification: 'Public',
      global: 'false',
    },
    roles: {
      vestLead: 'lead',
      steward: 'steward',
      owners: ['owner'],
      viewers: ['viewer', 'other'],
      displayViewers: [],
      calibrationModelers: [],
      scenarioModelers: [],
    },
    createdBy: 'lead',
    creatorName: 'Lead Test',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 3,
    theorem: false,
    pneu: false,
    rev: 1,
    ...overrides,
  } as ModelRecord;
}

let fileCount = 0;
function file(overrides: Partial<ModelFileRecord> = {}): ModelFileRecord {
  fileCount++;
  const uuid = `00000000-0000-4000-8000-${String(fileCount).padStart(12, '0')}`;
  return {
    uuid,
    modelUuid: UUID,
    name: `file-${fileCount}.csv`,
    path: '',
    folder: false,
    size: 10,
    mainFile: false,
    owner: { id: 'lead', firstName: 'Lead', lastName: 'Test' },
    isPrivate: false,
    cdd: 'No',
    createdOn: '2026-01-01T00:00:00.000Z',
    updatedOn: '2026-01-02T00:00:00.000Z',
    updatedBy: 'lead',
    s3Key: `models/${UUID}/files/${uuid}`,
    userAccess: [],
    ...overrides,
  };
}

function job(overrides: Partial<ArchiveJob> = {}): ArchiveJob {
  return {
    archiveId: '01J00000000000000000000000',
    modelUuid: UUID,
    requester: 'viewer',
    status: 'BUILDING',
    filesTotal: 2,
    filesDone: 1,
    bytesTotal: 20,
    bytesDone: 10,
    fileName: 'Model.zip',
    objectKey: `downloads/${UUID}/01J00000000000000000000000.zip`,
    manifestKey: `downloads/${UUID}/01J00000000000000000000000.manifest.json`,
    createdAt: new Date(NOW - 5000).toISOString(),
    updatedAt: new Date(NOW - 1000).toISOString(),
    ttl: Math.floor(NOW / 1000) + 3600,
    ...overrides,
  };
}

beforeEach(() => {
  vi.resetAllMocks();
  fileCount = 0;
  models.getModel.mockResolvedValue(model());
  objects.objectSize.mockImplementation(async () => 100);
  jobs.putArchiveJob.mockImplementation(async (j) => ({
    ...j,
    status: 'QUEUED',
    filesDone: 0,
    bytesDone: 0,
  }));
  jobs.finishArchiveJob.mockResolvedValue(true);
  objects.presignDownload.mockResolvedValue('https://s3.example/zip?sig');
});

describe('startDownloadArchive', () => {
  it('checks every body, records the manifest, the job and the audit record, then starts the build', async () => {
    const a = file({ name: 'model.xlsx', mainFile: true });
    const b = file({ name: 'data.csv', path: 'inputs' });
    const twin = file({ name: 'data.csv', path: 'inputs' });
    const folder = file({ name: 'inputs', folder: true, s3Key: '' });
    files.listModelFiles.mockResolvedValue([a, b, twin, folder]);
    objects.objectSize.mockImplementation(async (key: string) => (key === a.s3Key ? 5000 : 100));

    const started = await startDownloadArchive(viewer, UUID, NOW);

    expect(started).toEqual({
      archiveId: expect.stringMatching(/^[0-9A-Z]{26}$/),
      status: 'QUEUED',
      filesTotal: 3,
      bytesTotal: 5200,
    });
    const { archiveId } = started;
    expect(objects.objectSize).toHaveBeenCalledTimes(3);
    const [manifestKey, manifest] = objects.putObject.mock.calls[0] ?? [];
    expect(manifestKey).toBe(`downloads/${UUID}/${archiveId}.manifest.json`);
    expect(JSON.parse(manifest as string).entries).toEqual([
      { name: 'model.xlsx', key: a.s3Key, size: 5000, modifiedAt: a.updatedOn },
      { name: 'inputs/data.csv', key: b.s3Key, size: 100, modifiedAt: b.updatedOn },
      { name: 'inputs/data.csv (2)', key: twin.s3Key, size: 100, modifiedAt: twin.updatedOn },
    ]);
    expect(jobs.putArchiveJob).toHaveBeenCalledWith(
      {
        archiveId,
        modelUuid: UUID,
        requester: 'viewer',
        filesTotal: 3,
        bytesTotal: 5200,
        fileName: 'Oncology - Melanoma _ Tumivex_ Version 1.0.zip',
        objectKey: `downloads/${UUID}/${archiveId}.zip`,
        manifestKey,
        createdAt: new Date(NOW).toISOString(),
      },
      NOW,
    );
    expect(audit.writeAudit).toHaveBeenCalledWith(
      { modelUuid: UUID, action: 'FILES_DOWNLOADED_ALL', actor: 'viewer', detail: '3 files' },
      NOW,
    );
    expect(invoker.startJob).toHaveBeenCalledWith({ job: 'build-archive', archiveId });
  });

  it('answers 409 naming the file whose body is missing, logs a data fault and records nothing', async () => {
    const ok = file({ name: 'model.xlsx' });
    const lost = file({ name: 'lost.csv', path: 'inputs' });
    files.listModelFiles.mockResolvedValue([ok, lost]);
    objects.objectSize.mockImplementation(async (key: string) => (key === lost.s3Key ? undefined : 10));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);

    const refused = startDownloadArchive(viewer, UUID, NOW);
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow("The file 'inputs/lost.csv' has no content in storage");
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('Data fault'),
      expect.objectContaining({
        dataFault: 'missing-file-body',
        modelUuid: UUID,
        files: [{ fileUuid: lost.uuid, name: 'lost.csv', path: 'inputs', s3Key: lost.s3Key }],
      }),
    );
    expect(objects.putObject).not.toHaveBeenCalled();
    expect(jobs.putArchiveJob).not.toHaveBeenCalled();
    expect(audit.writeAudit).not.toHaveBeenCalled();
    expect(invoker.startJob).not.toHaveBeenCalled();
  });

  it('names at most three missing files', () => {
    const missing = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, path: '' }));
    expect(missingBodiesMessage(missing)).toMatch(/^The files 'a', 'b', 'c' and 2 more have no content/);
  });

  it('checks the bodies a few at a time', async () => {
    files.listModelFiles.mockResolvedValue(Array.from({ length: 50 }, () => file()));
    let inFlight = 0;
    let most = 0;
    objects.objectSize.mockImplementation(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return 1;
    });
    await startDownloadArchive(viewer, UUID, NOW);
    expect(objects.objectSize).toHaveBeenCalledTimes(50);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
  });

  it('leaves out the files the caller may not read, and refuses when none is left', async () => {
    const open = file({ name: 'open.csv' });
    const restricted = file({ name: 'restricted.csv', cdd: 'Yes' });
    files.listModelFiles.mockResolvedValue([open, restricted]);
    const started = await startDownloadArchive(viewer, UUID, NOW);
    expect(started.filesTotal).toBe(1);

    files.listModelFiles.mockResolvedValue([restricted]);
    await expect(startDownloadArchive(viewer, UUID, NOW)).rejects.toBeInstanceOf(UnprocessableError);
    // The file's owner reads it.
    expect((await startDownloadArchive(lead, UUID, NOW)).filesTotal).toBe(1);
  });

  it('refuses a THEOREM entry without the download flags, before reading any file', async () => {
    models.getModel.mockResolvedValue(
      model({ metadata: { ...model().metadata, platform: 'Oncology' }, theorem: true }),
    );
    await expect(startDownloadArchive(viewer, UUID, NOW)).rejects.toThrow(
      MESSAGES.theoremMissingAccess(['Trail', 'Database Lock', 'Country']),
    );
    expect(files.listModelFiles).not.toHaveBeenCalled();
  });

  it('ends the job FAILED and fails the request when Lambda refuses the invocation', async () => {
    files.listModelFiles.mockResolvedValue([file()]);
    invoker.startJob.mockRejectedValue(new Error('TooManyRequestsException'));
    await expect(startDownloadArchive(viewer, UUID, NOW)).rejects.toThrow('TooManyRequestsException');
    const [archiveId, end] = jobs.finishArchiveJob.mock.calls[0] ?? [];
    expect(archiveId).toBe(jobs.putArchiveJob.mock.calls[0]?.[0].archiveId);
    expect(end).toEqual({ status: 'FAILED', message: 'The archive could not be started. Please try again.' });
  });
});

describe('getDownloadArchive', () => {
  const id = job().archiveId;

  it('answers the requester the progress of a job being built, without a link', async () => {
    jobs.getArchiveJob.mockResolvedValue(job());
    const answer = await getDownloadArchive(viewer, UUID, id, NOW);
    expect(answer).toEqual({
      archiveId: id,
      modelUuid: UUID,
      status: 'BUILDING',
      filesDone: 1,
      filesTotal: 2,
      bytesDone: 10,
      bytesTotal: 20,
      fileName: 'Model.zip',
      createdAt: job().createdAt,
      updatedAt: job().updatedAt,
    });
    expect(objects.presignDownload).not.toHaveBeenCalled();
  });

  it('hands a ready archive to its requester and to super users through a fresh 15-minute link', async () => {
    jobs.getArchiveJob.mockResolvedValue(job({ status: 'READY', filesDone: 2, bytesDone: 20 }));
    const answer = await getDownloadArchive(viewer, UUID, id, NOW);
    expect(answer).toMatchObject({
      status: 'READY',
      url: 'https://s3.example/zip?sig',
      expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
    });
    expect(objects.presignDownload).toHaveBeenCalledWith(job().objectKey, 'Model.zip', 900);
    expect((await getDownloadArchive(admin, UUID, id, NOW)).status).toBe('READY');
  });

  it('refuses another user, even one who may download the entry', async () => {
    jobs.getArchiveJob.mockResolvedValue(job({ status: 'READY' }));
    const other = person('other');
    await expect(getDownloadArchive(other, UUID, id, NOW)).rejects.toEqual(
      new ForbiddenError(ARCHIVE_NOT_YOURS),
    );
    await expect(getDownloadArchive(lead, UUID, id, NOW)).rejects.toBeInstanceOf(ForbiddenError);
    expect(objects.presignDownload).not.toHaveBeenCalled();
  });

  it('refuses a requester who lost the entry since asking', async () => {
    jobs.getArchiveJob.mockResolvedValue(job({ status: 'READY' }));
    models.getModel.mockResolvedValue(
      model({ roles: { ...model().roles, viewers: ['other'] }, status: 'DRAFT' }),
    );
    await expect(getDownloadArchive(viewer, UUID, id, NOW)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers 404 for an unknown archive or one of another entry', async () => {
    jobs.getArchiveJob.mockResolvedValue(undefined);
    await expect(getDownloadArchive(viewer, UUID, id, NOW)).rejects.toBeInstanceOf(NotFoundError);
    jobs.getArchiveJob.mockResolvedValue(job({ modelUuid: '22222222-2222-4222-8222-222222222222' }));
    await expect(getDownloadArchive(viewer, UUID, id, NOW)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports a job that stopped moving long past its function timeout as FAILED', async () => {
    jobs.getArchiveJob.mockResolvedValue(job({ updatedAt: new Date(NOW - 20 * 60_000).toISOString() }));
    expect(await getDownloadArchive(viewer, UUID, id, NOW)).toMatchObject({
      status: 'FAILED',
      message: 'The archive could not be built in time. Please try again.',
    });
    jobs.getArchiveJob.mockResolvedValue(job({ updatedAt: new Date(NOW - 10 * 60_000).toISOString() }));
    expect((await getDownloadArchive(viewer, UUID, id, NOW)).status).toBe('BUILDING');
  });
});
