import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRecord } from '../../data/models';
import { claimsFor, httpEvent, lambdaContext } from '../../testing/http-event';
import { peopleById, person, rolesOf } from '../../testing/people';

const users = vi.hoisted(() => ({ getUser: vi.fn() }));
const models = vi.hoisted(() => ({ getModel: vi.fn() }));
vi.mock('../../data/users', () => users);
vi.mock('../../data/models', () => models);
vi.mock('../../data/error-reports', () => ({ putErrorReport: vi.fn().mockResolvedValue(undefined) }));

const { useSourceControlProvider } = await import('../../core/source-control/configured-provider');
const browse = (await import('./browse-source')).handler;
const commits = (await import('./list-source-commits')).handler;
const diff = (await import('./get-source-diff')).handler;
const projects = (await import('./list-source-projects')).handler;
const save = (await import('./save-source-file')).handler;

const people = peopleById(
  person('owner'),
  person('viewer'),
  person('lead'),
  person('steward'),
  person('stranger'),
  person('guest', 'EXTERNALUSER'),
  person('external-owner', 'EXTERNALUSER'),
);
const ENTRY = '00000000-0000-4000-8000-000000000001';
const entry = (metadata: Record<string, string> = {}) =>
  ({
    uuid: ENTRY,
    name: 'CEA model',
    status: 'PUBLISHED',
    roles: rolesOf({ owners: ['owner', 'external-owner'], viewers: ['viewer'] }),
    metadata: { bitbucket_project: 'HEOR', bitbucket_repository: 'cea-model', ...metadata },
  }) as unknown as ModelRecord;

const provider = {
  listProjects: vi.fn(async () => [{ key: 'HEOR', name: 'HEOR' }]),
  getProject: vi.fn(),
  listRepositories: vi.fn(),
  listBranches: vi.fn(),
  browse: vi.fn(async () => ({ kind: 'directory' as const, path: '', entries: [] })),
  history: vi.fn(async () => ({ commits: [] })),
  commitDiff: vi.fn(async () => ({ until: 'b'.repeat(40), files: [] })),
  saveFile: vi.fn(async () => ({
    id: 'f'.repeat(40),
    displayId: 'fffffffffff',
    parents: [],
    author: { name: 'owner Test' },
    message: 'Saved',
    authorTimestamp: 1,
    committerTimestamp: 1,
  })),
};

const repoParams = { project: 'HEOR', repo: 'cea-model' };
const call = (handler: typeof browse, who: string, options: Parameters<typeof httpEvent>[0] = {}) =>
  handler(httpEvent({ claims: claimsFor(who), params: repoParams, ...options }), lambdaContext);
const json = (response: Awaited<ReturnType<typeof browse>>) => JSON.parse(String(response.body));

const saveBody = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    modelUuid: ENTRY,
    path: 'data/inputs.csv',
    content: 'name,value\ncost,130\n',
    message: 'Cost from the 2026 tariff',
    branch: 'main',
    sourceCommitId: 'c'.repeat(40),
    ...overrides,
  });

beforeEach(() => {
  vi.clearAllMocks();
  users.getUser.mockImplementation(async (id: string) => people.get(id));
  models.getModel.mockResolvedValue(entry());
  useSourceControlProvider(provider);
});

describe('source-control routes', () => {
  it('serve internal users and refuse external users (403) before the provider is asked', async () => {
    expect((await call(projects, 'viewer')).statusCode).toBe(200);
    const refused = await call(projects, 'guest');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Source control is available to internal users only.');
    expect((await call(browse, 'guest', { query: { path: 'R' } })).statusCode).toBe(403);
    expect(provider.listProjects).toHaveBeenCalledTimes(1);
    expect(provider.browse).not.toHaveBeenCalled();
  });

  it.each([
    ['a ref that is an option', browse, { at: '--output=/tmp/x' }],
    ['a ref with ..', commits, { until: 'main..evil' }],
    ['a path that climbs out', browse, { path: '../../etc/passwd' }],
    ['an absolute path', commits, { path: '/etc/passwd' }],
    ['a path with a backslash', diff, { path: 'R\\model.R', until: 'main' }],
    ['a diff without until', diff, { path: 'R' }],
    ['a page size over 100', commits, { limit: '1000' }],
  ] as const)('answer 400 for %s, and the provider is never asked', async (_case, handler, query) => {
    const response = await call(handler, 'owner', { query: query as Record<string, string> });
    expect(response.statusCode).toBe(400);
    expect(provider.browse).not.toHaveBeenCalled();
    expect(provider.history).not.toHaveBeenCalled();
    expect(provider.commitDiff).not.toHaveBeenCalled();
  });

  it('answer 400 for a project key or repository name that is no name', async () => {
    const response = await call(browse, 'owner', { params: { project: 'HEOR', repo: '..' } });
    expect(response.statusCode).toBe(400);
    expect(provider.browse).not.toHaveBeenCalled();
  });

  it('pass valid queries to the provider with their defaults', async () => {
    expect(
      (await call(commits, 'viewer', { query: { path: 'data/inputs.csv', until: 'feature/discount' } }))
        .statusCode,
    ).toBe(200);
    expect(provider.history).toHaveBeenCalledWith(repoParams, {
      path: 'data/inputs.csv',
      until: 'feature/discount',
      start: 0,
      limit: 25,
    });
  });

  describe('save file', () => {
    it('commits for a manager of the entry linked to the repository, as that user', async () => {
      const response = await call(save, 'owner', { method: 'PUT', body: saveBody() });
      expect(response.statusCode).toBe(200);
      expect(provider.saveFile).toHaveBeenCalledWith(repoParams, {
        path: 'data/inputs.csv',
        content: 'name,value\ncost,130\n',
        message: 'Cost from the 2026 tariff',
        branch: 'main',
        sourceCommitId: 'c'.repeat(40),
        author: { name: 'owner Test', email: 'owner@example.com' },
      });
    });

    it.each([
      ['a viewer', 'viewer', entry(), 403],
      ['an external owner', 'external-owner', entry(), 403],
      ['a manager of an entry linked elsewhere', 'owner', entry({ bitbucket_repository: 'other' }), 403],
      [
        'a manager of an entry linked to nothing',
        'owner',
        entry({ bitbucket_project: '', bitbucket_repository: '' }),
        403,
      ],
      ['a manager of a retired entry', 'owner', { ...entry(), status: 'RETIRED' }, 409],
      ['an internal user who cannot see the draft entry', 'stranger', { ...entry(), status: 'DRAFT' }, 404],
    ])('refuses %s and writes nothing', async (_case, who, model, status) => {
      models.getModel.mockResolvedValue(model);
      const response = await call(save, who, { method: 'PUT', body: saveBody() });
      expect(response.statusCode).toBe(status);
      expect(provider.saveFile).not.toHaveBeenCalled();
    });

    it('answers 404 for an unknown entry and 400 for a bad body, writing nothing', async () => {
      models.getModel.mockResolvedValue(undefined);
      expect((await call(save, 'owner', { method: 'PUT', body: saveBody() })).statusCode).toBe(404);
      models.getModel.mockResolvedValue(entry());
      for (const bad of [{ path: '../x' }, { branch: '-f' }, { message: '   ' }, { path: '' }]) {
        expect((await call(save, 'owner', { method: 'PUT', body: saveBody(bad) })).statusCode).toBe(400);
      }
      expect(provider.saveFile).not.toHaveBeenCalled();
    });
  });

  it('answers 503 when the deployment has no source control', async () => {
    useSourceControlProvider(undefined);
    const response = await call(projects, 'owner');
    expect(response.statusCode).toBe(503);
    expect(json(response).message).toBe('Source control is not configured for this deployment.');
  });
});
