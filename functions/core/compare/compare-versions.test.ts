import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const files = vi.hoisted(() => ({ listModelFiles: vi.fn(), getModelFile: vi.fn() }));
const objects = vi.hoisted(() => ({
  headBody: vi.fn(),
  findJson: vi.fn(async () => undefined),
  putJson: vi.fn(async () => undefined),
  sha256OfBody: vi.fn(),
}));
vi.mock('../../data/models', () => models);
vi.mock('../../data/model-files', () => files);
vi.mock('../../data/diff-objects', () => objects);
const { compareVersions } = await import('./compare-versions');

const lead = { id: 'lead', userType: 'INTERNALUSER' } as never;
const roles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: [],
  viewers: [],
  displayViewers: [],
  calibrationModelers: [],
  scenarioModelers: [],
};
const entry = (uuid: string, metadata: Record<string, unknown>) =>
  ({
    uuid,
    name: `Entry ${uuid}`,
    status: 'PUBLISHED',
    roles,
    metadata: { global: 'true', ...metadata },
  }) as unknown as ModelRecord;
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
let n = 0;
const file = (modelUuid: string, name: string, s3Key: string, size: number, extra: object = {}) =>
  ({
    uuid: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    modelUuid,
    name,
    path: '',
    folder: false,
    s3Key,
    size,
    owner: { id: 'lead' },
    cdd: 'No',
    isPrivate: false,
    userAccess: [],
    ...extra,
  }) as unknown as ModelFileRecord;

/** ETags by body key: single-part MD5s, or multipart `<md5>-<parts>`. */
const etags = new Map<string, { etag: string; size: number }>();

beforeEach(() => {
  vi.clearAllMocks();
  etags.clear();
  objects.headBody.mockImplementation(async (key: string) => etags.get(key));
});

describe('compareVersions', () => {
  it('tells changed from unchanged with as few reads as S3 allows', async () => {
    const log = file(A, 'changelog.md', 'k/log', 3);
    models.getModel.mockImplementation(async (uuid: string) =>
      uuid === A ? entry(A, { version_log: 'Fixed the ICER', changelog_file: log.uuid }) : entry(B, {}),
    );
    const before = [
      file(A, 'same-key.R', 'k/1', 5),
      file(A, 'resized.csv', 'k/2', 5),
      file(A, 'copied.py', 'k/3', 5),
      file(A, 'edited.txt', 'k/4', 5),
      file(A, 'big.xlsx', 'k/5', 9),
      log,
    ];
    const after = [
      file(B, 'same-key.R', 'k/1', 5),
      file(B, 'resized.csv', 'k/6', 6),
      file(B, 'copied.py', 'k/7', 5),
      file(B, 'edited.txt', 'k/8', 5),
      file(B, 'big.xlsx', 'k/9', 9),
      file(B, 'folder', '', 0, { folder: true }),
    ];
    files.listModelFiles.mockImplementation(async (uuid: string) => (uuid === A ? before : after));
    etags.set('k/3', { etag: 'aaaa', size: 5 }).set('k/7', { etag: 'aaaa', size: 5 });
    etags.set('k/4', { etag: 'bbbb', size: 5 }).set('k/8', { etag: 'cccc', size: 5 });
    etags.set('k/5', { etag: 'dddd-2', size: 9 }).set('k/9', { etag: 'eeee-3', size: 9 });
    objects.sha256OfBody.mockResolvedValue('f'.repeat(64));

    const result = await compareVersions(lead, A, B);
    const status = Object.fromEntries(result.pairs.map((p) => [p.file?.name ?? p.otherFile?.name, p.status]));
    expect(status).toEqual({
      'same-key.R': 'unchanged',
      'resized.csv': 'changed',
      'copied.py': 'unchanged',
      'edited.txt': 'changed',
      // Two multipart ETags say nothing of the content: both are hashed (the same here).
      'big.xlsx': 'unchanged',
      'changelog.md': 'removed',
    });
    expect(objects.headBody).not.toHaveBeenCalledWith('k/1');
    expect(objects.headBody).not.toHaveBeenCalledWith('k/2');
    expect(objects.sha256OfBody.mock.calls.map(([key]) => key).sort()).toEqual(['k/5', 'k/9']);
    expect(result.version).toEqual({
      uuid: A,
      name: `Entry ${A}`,
      versionLog: 'Fixed the ICER',
      changelog: { fileUuid: log.uuid, name: 'changelog.md', mayDownload: true },
    });
    expect(result.otherVersion).toEqual({ uuid: B, name: `Entry ${B}` });
  });

  it("names each version's source-control link (metadata bitbucket_*) for the diff of their commits", async () => {
    models.getModel.mockImplementation(async (uuid: string) =>
      uuid === A
        ? entry(A, {
            bitbucket_project: 'HEOR',
            bitbucket_repository: 'melanoma-markov',
            bitbucket_path: 'R/markov_model.R',
            bitbucket_commit: 'main',
          })
        : // A project without a repository is no link; blanks are no commit.
          entry(B, { bitbucket_project: 'HEOR', bitbucket_repository: ' ', bitbucket_commit: ' ' }),
    );
    files.listModelFiles.mockResolvedValue([]);
    const result = await compareVersions(lead, A, B);
    expect(result.version.source).toEqual({
      project: 'HEOR',
      repository: 'melanoma-markov',
      path: 'R/markov_model.R',
      commit: 'main',
    });
    expect(result.otherVersion.source).toBeUndefined();
  });

  it('answers 404 for an entry the caller may not see, naming nothing', async () => {
    models.getModel.mockImplementation(async (uuid: string) =>
      uuid === A
        ? entry(A, {})
        : { ...entry(B, {}), status: 'DRAFT', roles: { ...roles, vestLead: 'x', steward: 'y' } },
    );
    files.listModelFiles.mockResolvedValue([]);
    await expect(compareVersions(lead, A, B)).rejects.toMatchObject({ statusCode: 404 });
    expect(files.listModelFiles).not.toHaveBeenCalled();
  });
});
