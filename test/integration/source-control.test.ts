import { join } from 'node:path';
import { SOURCE_CONTROL_MESSAGES } from '@shared/schemas/source-control';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CONTROL_ERRORS } from '../../functions/core/source-control/provider';
import { SOURCE_CONTROL_REFUSALS } from '../../functions/core/source-control/source-control';
import { buildDemoSourceRepository } from '../../scripts/local/demo/source-control';
import { localCloud } from '../support/local-cloud';
import { call, createEntry, type Json, metadataOf } from './catalogue-helpers';

/**
 * Source control against the local cloud's git provider (issue 18 §5; docs/source-control.md): a
 * copy of the demo repository `HEOR/melanoma-markov` under a name of this run (saves must not
 * change the demo's own repository, and runs must not see each other's commits), an entry linked to
 * it and one linked to nothing. Browsing is for internal users; saving for editors of a linked
 * entry, compare-and-swap on the commit the edit started from; bad names, refs and paths are 400.
 */
const PROJECT = 'HEOR';
const REPO = `melanoma-markov-it-${Date.now().toString(36)}-${process.pid}`;
const base = `/v2/source-control/projects/${PROJECT}/repos/${REPO}`;
const MODEL_FILE = 'R/markov_model.R';
const INPUTS = 'data/inputs.csv';

let linked: Json;
let unlinked: Json;

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

async function head(branch = 'main'): Promise<string> {
  const res = await call('viewer', 'GET', `${base}/branches`);
  expect(res.status).toBe(200);
  const found = (res.body.branches as Json[]).find((b) => b.displayId === branch);
  expect(found, branch).toBeDefined();
  return found.latestCommit as string;
}

async function fileText(path: string, at?: string): Promise<string> {
  const res = await call('viewer', 'GET', `${base}/browse${query({ path, ...(at ? { at } : {}) })}`);
  expect(res.status).toBe(200);
  expect(res.body.kind).toBe('file');
  return res.body.content as string;
}

beforeAll(async () => {
  await buildDemoSourceRepository(join(localCloud().dataDir, 'source-control', PROJECT, `${REPO}.git`));
  [linked, unlinked] = await Promise.all([
    createEntry({
      metadata: metadataOf({
        bitbucket_project: PROJECT,
        bitbucket_repository: REPO,
        bitbucket_path: MODEL_FILE,
      }),
    }),
    // Linked to the demo's repository name, not to this run's: saving here in its name is refused.
    createEntry({
      metadata: metadataOf({ bitbucket_project: PROJECT, bitbucket_repository: 'melanoma-markov' }),
    }),
  ]);
}, 60_000);

describe('browsing source control as an internal user', () => {
  it('lists the project, its repository and both branches, the default one marked', async () => {
    const projects = await call('viewer', 'GET', '/v2/source-control/projects');
    expect(projects.status).toBe(200);
    expect((projects.body.projects as Json[]).map((p) => p.key)).toContain(PROJECT);
    const project = await call('viewer', 'GET', `/v2/source-control/projects/${PROJECT}`);
    expect(project).toMatchObject({ status: 200, body: { key: PROJECT } });
    const repos = await call('viewer', 'GET', `/v2/source-control/projects/${PROJECT}/repos`);
    expect(repos.status).toBe(200);
    expect(repos.body.repositories).toContainEqual(expect.objectContaining({ slug: REPO, project: PROJECT }));
    const branches = await call('viewer', 'GET', `${base}/branches`);
    expect(branches.status).toBe(200);
    expect((branches.body.branches as Json[]).map((b) => [b.displayId, b.isDefault] as const).sort()).toEqual(
      [
        ['main', true],
        ['scenario/nice-discounting', false],
      ],
    );
  });

  it('browses folders and files at a branch', async () => {
    const root = await call('viewer', 'GET', `${base}/browse`);
    expect(root.status).toBe(200);
    expect(root.body.kind).toBe('directory');
    expect((root.body.entries as Json[]).map((e) => [e.name, e.type])).toEqual(
      expect.arrayContaining([
        ['R', 'directory'],
        ['data', 'directory'],
        ['README.md', 'file'],
      ]),
    );
    const folder = await call('viewer', 'GET', `${base}/browse${query({ path: 'R' })}`);
    expect(folder.body.entries).toEqual([expect.objectContaining({ path: MODEL_FILE, type: 'file' })]);
    expect(await fileText(MODEL_FILE)).toContain('discount_rate <- 0.035');
    expect(await fileText(MODEL_FILE, 'scenario/nice-discounting')).toContain('discount_rate <- 0.03\n');
  });

  it("lists a file's history newest first and shows a commit's diff against its parent", async () => {
    const history = await call('viewer', 'GET', `${base}/commits${query({ path: INPUTS })}`);
    expect(history.status).toBe(200);
    const commits = history.body.commits as Json[];
    expect(commits.map((c) => c.message.trim())).toEqual([
      'Costs from the 2026 tariff',
      'Recurrence probability from the 5-year update',
      'First Markov model with trial inputs',
    ]);
    expect(commits[0].author.name).toBe('Olivia Owner');
    const latest = commits[0];
    const diff = await call('viewer', 'GET', `${base}/diff${query({ path: INPUTS, until: latest.id })}`);
    expect(diff.status).toBe(200);
    expect(diff.body.since).toBe(latest.parents[0].id);
    expect(diff.body.files).toHaveLength(1);
    const lines = (diff.body.files[0].hunks as Json[]).flatMap((h) => h.lines);
    expect(lines).toContainEqual(
      expect.objectContaining({ type: 'removed', text: 'c_rfs,1250,Tariff 2025' }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ type: 'added', text: 'c_rfs,1310,Tariff 2025' }));
    // Between two branches (what compare mode asks when two versions pin different refs).
    const branches = await call(
      'viewer',
      'GET',
      `${base}/diff${query({ since: 'main', until: 'scenario/nice-discounting' })}`,
    );
    expect(branches.status).toBe(200);
    expect((branches.body.files as Json[]).map((f) => f.destination)).toEqual([MODEL_FILE]);
  });

  it("answers an empty history of a path no commit touched ('No commits found' in the UI)", async () => {
    const res = await call('viewer', 'GET', `${base}/commits${query({ path: 'docs' })}`);
    expect(res).toMatchObject({ status: 200, body: { commits: [] } });
    expect(SOURCE_CONTROL_MESSAGES.noCommits).toBe('No commits found');
  });

  it('answers 404 for a repository, ref or path that does not exist', async () => {
    const repo = await call(
      'viewer',
      'GET',
      `/v2/source-control/projects/${PROJECT}/repos/nope-${REPO}/branches`,
    );
    expect(repo.status).toBe(404);
    const ref = await call('viewer', 'GET', `${base}/browse${query({ at: 'no-such-branch' })}`);
    expect(ref.status).toBe(404);
    const path = await call('viewer', 'GET', `${base}/browse${query({ path: 'R/absent.R' })}`);
    expect(path.status).toBe(404);
  });
});

describe('external users', () => {
  it.each([
    ['projects', '/v2/source-control/projects'],
    ['repositories', `/v2/source-control/projects/${PROJECT}/repos`],
    ['branches', `${base}/branches`],
    ['browse', `${base}/browse${query({ path: MODEL_FILE })}`],
    ['history', `${base}/commits`],
    ['diff', `${base}/diff${query({ until: 'main' })}`],
  ])('are refused the %s (403)', async (_what, path) => {
    const res = await call('vendor', 'GET', path);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SOURCE_CONTROL_REFUSALS.browse);
  });

  it('cannot save a file, and nothing changes', async () => {
    const before = await head();
    const res = await call('vendor', 'PUT', `${base}/files`, {
      modelUuid: linked.uuid,
      path: INPUTS,
      content: 'x\n',
      message: 'External edit',
      branch: 'main',
      sourceCommitId: before,
    });
    expect(res.status).toBe(403);
    expect(await head()).toBe(before);
  });
});

describe('saving a file', () => {
  it('commits as an editor of the linked entry: the commit is in the history with its message', async () => {
    const before = await head();
    const original = await fileText(INPUTS, before);
    const content = original.replace('u_rfs,0.85', 'u_rfs,0.86');
    const message = 'Utility of RFS from the 2026 EQ-5D update';
    const res = await call('owner', 'PUT', `${base}/files`, {
      modelUuid: linked.uuid,
      path: INPUTS,
      content,
      message,
      branch: 'main',
      sourceCommitId: before,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message, author: { name: 'Olivia Owner' } });
    expect(res.body.parents.map((p: Json) => p.id)).toEqual([before]);
    expect(await head()).toBe(res.body.id);
    const history = await call('viewer', 'GET', `${base}/commits${query({ path: INPUTS, limit: '1' })}`);
    expect(history.body.commits[0]).toMatchObject({ id: res.body.id, message });
    expect(await fileText(INPUTS)).toBe(content);
    // The other branch is untouched.
    expect(await fileText(INPUTS, 'scenario/nice-discounting')).toBe(original);
  });

  it('refuses a stale commit id with 409 and changes nothing (compare-and-swap)', async () => {
    const history = await call('viewer', 'GET', `${base}/commits${query({ path: INPUTS })}`);
    const stale = (history.body.commits as Json[])[1].id as string;
    const before = await head();
    const text = await fileText(INPUTS);
    const res = await call('lead', 'PUT', `${base}/files`, {
      modelUuid: linked.uuid,
      path: INPUTS,
      content: 'name,value,source\n',
      message: 'Edit from an old copy',
      branch: 'main',
      sourceCommitId: stale,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SOURCE_CONTROL_ERRORS.fileChanged);
    expect(await head()).toBe(before);
    expect(await fileText(INPUTS)).toBe(text);
  });

  it('refuses a viewer of the linked entry (not an editor), and nothing changes', async () => {
    const before = await head();
    const res = await call('viewer', 'PUT', `${base}/files`, {
      modelUuid: linked.uuid,
      path: INPUTS,
      content: 'x\n',
      message: 'Viewer edit',
      branch: 'main',
      sourceCommitId: before,
    });
    expect(res.status).toBe(403);
    expect(await head()).toBe(before);
  });

  it('refuses an editor in the name of an entry not linked to this repository, and nothing changes', async () => {
    const before = await head();
    const res = await call('owner', 'PUT', `${base}/files`, {
      modelUuid: unlinked.uuid,
      path: INPUTS,
      content: 'x\n',
      message: 'Edit through another entry',
      branch: 'main',
      sourceCommitId: before,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SOURCE_CONTROL_REFUSALS.notLinked);
    expect(await head()).toBe(before);
  });
});

describe('bad keys, refs and paths', () => {
  it.each([
    ['a project key starting with -', '/v2/source-control/projects/-x/repos'],
    ['a repository with a space', `/v2/source-control/projects/${PROJECT}/repos/a%20b/branches`],
    ['a ref read as an option', `${base}/browse${query({ at: '--output=/tmp/x' })}`],
    ['a ref with ..', `${base}/commits${query({ until: 'main..scenario' })}`],
    ['a ref with revision syntax', `${base}/diff${query({ until: 'main~1' })}`],
    ['a path climbing out', `${base}/browse${query({ path: '../../etc/passwd' })}`],
    ['an absolute path', `${base}/browse${query({ path: '/etc/passwd' })}`],
    ['a path segment read as an option', `${base}/commits${query({ path: 'R/--all' })}`],
    ['a history page too large', `${base}/commits${query({ limit: '1000' })}`],
  ])('answers 400 for %s', async (_what, path) => {
    // (A repository named `..` never arrives: URLs resolve the segment; the schema's unit tests cover it.)
    const res = await call('viewer', 'GET', path);
    expect(res.status).toBe(400);
  });

  it.each([
    ['a path climbing out', { path: '../outside.txt' }],
    ['an empty path', { path: '' }],
    ['a branch read as an option', { branch: '--delete' }],
    ['a stale id with revision syntax', { sourceCommitId: 'HEAD^' }],
    ['an empty message', { message: '   ' }],
    ['a model uuid that is none', { modelUuid: 'not-a-uuid' }],
  ])('refuses a save with %s (400) and changes nothing', async (_what, override) => {
    const before = await head();
    const res = await call('owner', 'PUT', `${base}/files`, {
      modelUuid: linked.uuid,
      path: INPUTS,
      content: 'name,value,source\n',
      message: 'Bad save',
      branch: 'main',
      sourceCommitId: before,
      ...override,
    });
    expect(res.status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('refuses content over 1 MB before any handler reads it (413) and changes nothing', async () => {
    const before = await head();
    const res = await call('owner', 'PUT', `${base}/files`, {
      modelUuid: linked.uuid,
      path: INPUTS,
      content: 'x'.repeat(1024 * 1024 + 1),
      message: 'Too large',
      branch: 'main',
      sourceCommitId: before,
    });
    expect(res.status).toBe(413);
    expect(await head()).toBe(before);
  });
});
