import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGitRepository } from '../../testing/git-repos';
import { createGitProvider } from './git-provider';
import type { SourceControlProvider } from './provider';

const ada = { name: 'Ada Analyst', email: 'ada@example.com' };
const repo = { project: 'HEOR', repo: 'cea-model' };

let root: string;
let provider: SourceControlProvider;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mr-git-provider-'));
  await buildGitRepository(join(root, 'HEOR', 'cea-model.git'), [
    {
      name: 'main',
      commits: [
        {
          message: 'First model',
          author: ada,
          date: '2026-01-05T10:00:00Z',
          files: { 'R/model.R': 'a <- 1\nb <- 2\n', 'data/inputs.csv': 'name,value\ncost,100\n' },
        },
        {
          message: 'Raise the cost',
          author: ada,
          date: '2026-02-05T10:00:00Z',
          files: { 'data/inputs.csv': 'name,value\ncost,120\n' },
        },
        {
          message: 'Second parameter',
          author: ada,
          date: '2026-03-05T10:00:00Z',
          files: { 'R/model.R': 'a <- 1\nb <- 3\nc <- a + b\n' },
        },
      ],
    },
    {
      name: 'feature/discount',
      from: 'main',
      commits: [
        {
          message: 'Discounting',
          author: ada,
          date: '2026-04-05T10:00:00Z',
          files: { 'R/discount.R': 'rate <- 0.035\n' },
        },
      ],
    },
  ]);
  provider = createGitProvider(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('git provider', () => {
  it('lists projects, repositories and branches with the default one marked', async () => {
    expect(await provider.listProjects()).toEqual([{ key: 'HEOR', name: 'HEOR', description: undefined }]);
    expect(await provider.listRepositories('HEOR')).toEqual([
      { slug: 'cea-model', name: 'cea-model', project: 'HEOR' },
    ]);
    const branches = await provider.listBranches(repo);
    expect(branches.map((b) => [b.displayId, b.isDefault])).toEqual([
      ['feature/discount', false],
      ['main', true],
    ]);
    expect(branches[1]?.id).toBe('refs/heads/main');
    expect(branches[1]?.latestCommit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers 404 for an unknown project, repository, ref or path', async () => {
    await expect(provider.getProject('NOPE')).rejects.toMatchObject({ statusCode: 404 });
    await expect(provider.listBranches({ project: 'HEOR', repo: 'other' })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(provider.browse(repo, '', 'no-such-branch')).rejects.toMatchObject({ statusCode: 404 });
    await expect(provider.browse(repo, 'R/missing.R')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses refs and paths that could be options or climb out (400), before git runs', async () => {
    await expect(provider.browse(repo, '', '--output=/tmp/x')).rejects.toMatchObject({ statusCode: 400 });
    await expect(provider.browse(repo, '../../etc/passwd')).rejects.toMatchObject({ statusCode: 400 });
    await expect(provider.history(repo, { path: 'R/../..', start: 0, limit: 5 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('browses folders (folders first) and files at a branch', async () => {
    const rootDir = await provider.browse(repo, '', 'feature/discount');
    expect(rootDir).toEqual({
      kind: 'directory',
      path: '',
      entries: [
        { path: 'data', name: 'data', type: 'directory' },
        { path: 'R', name: 'R', type: 'directory' },
      ],
    });
    const r = await provider.browse(repo, 'R', 'feature/discount');
    expect(r.kind === 'directory' && r.entries.map((e) => e.name)).toEqual(['discount.R', 'model.R']);
    expect(await provider.browse(repo, 'R/model.R')).toEqual({
      kind: 'file',
      path: 'R/model.R',
      content: 'a <- 1\nb <- 3\nc <- a + b\n',
      truncated: false,
    });
  });

  it('lists the history of a file newest first, paged', async () => {
    const page = await provider.history(repo, { path: 'data/inputs.csv', start: 0, limit: 1 });
    expect(page.commits.map((c) => c.message)).toEqual(['Raise the cost']);
    expect(page.nextStart).toBe(1);
    const next = await provider.history(repo, { path: 'data/inputs.csv', start: 1, limit: 1 });
    expect(next.commits.map((c) => c.message)).toEqual(['First model']);
    expect(next.nextStart).toBeUndefined();
    const [commit] = page.commits;
    expect(commit).toMatchObject({ author: { name: 'Ada Analyst', emailAddress: 'ada@example.com' } });
    expect(commit?.authorTimestamp).toBe(Date.parse('2026-02-05T10:00:00Z'));
    expect(commit?.displayId).toHaveLength(11);
    expect(commit?.parents).toHaveLength(1);
  });

  it('answers no commits for a path no commit touched', async () => {
    const page = await provider.history(repo, { path: 'R/discount.R', until: 'main', start: 0, limit: 10 });
    expect(page).toEqual({ commits: [], nextStart: undefined });
  });

  it("diffs two commits under a path, and a commit against its parent when 'since' is absent", async () => {
    const history = await provider.history(repo, { path: '', until: 'main', start: 0, limit: 10 });
    const [third, second, first] = history.commits;
    const diff = await provider.commitDiff(repo, {
      path: 'R/model.R',
      since: first?.id,
      until: third?.id ?? '',
    });
    expect(diff.files).toHaveLength(1);
    const [file] = diff.files;
    expect(file).toMatchObject({ source: 'R/model.R', destination: 'R/model.R', binary: false });
    expect(file?.hunks[0]?.lines).toEqual([
      { type: 'context', text: 'a <- 1', source: 1, destination: 1 },
      { type: 'removed', text: 'b <- 2', source: 2 },
      { type: 'added', text: 'b <- 3', destination: 2 },
      { type: 'added', text: 'c <- a + b', destination: 3 },
    ]);
    const single = await provider.commitDiff(repo, { path: '', until: second?.id ?? '' });
    expect(single.since).toBe(first?.id);
    expect(single.files.map((f) => f.destination)).toEqual(['data/inputs.csv']);
    const root = await provider.commitDiff(repo, { path: '', until: first?.id ?? '' });
    expect(root.since).toBeUndefined();
    expect(root.files.map((f) => [f.source, f.destination])).toEqual([
      [undefined, 'R/model.R'],
      [undefined, 'data/inputs.csv'],
    ]);
  });

  it('saves a file as a new commit on the branch, refusing a stale edit and an existing path', async () => {
    const [head] = (await provider.history(repo, { path: '', until: 'main', start: 0, limit: 1 })).commits;
    const saved = await provider.saveFile(repo, {
      path: 'data/inputs.csv',
      content: 'name,value\ncost,130\n',
      message: 'Cost from the 2026 tariff',
      branch: 'main',
      sourceCommitId: head?.id,
      author: ada,
    });
    expect(saved).toMatchObject({ message: 'Cost from the 2026 tariff', parents: [{ id: head?.id }] });
    expect(await provider.browse(repo, 'data/inputs.csv', 'main')).toMatchObject({
      content: 'name,value\ncost,130\n',
    });
    // The same edit started from the old commit: the file changed since, so 409 and nothing written.
    await expect(
      provider.saveFile(repo, {
        path: 'data/inputs.csv',
        content: 'name,value\ncost,999\n',
        message: 'Stale',
        branch: 'main',
        sourceCommitId: head?.id,
        author: ada,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      provider.saveFile(repo, {
        path: 'R/model.R',
        content: 'x',
        message: 'New?',
        branch: 'main',
        author: ada,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      provider.saveFile(repo, { path: 'R', content: 'x', message: 'Folder', branch: 'main', author: ada }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const [newest] = (await provider.history(repo, { path: '', until: 'main', start: 0, limit: 1 })).commits;
    expect(newest?.id).toBe(saved.id);
    // A new file needs no source commit; the other branch is untouched.
    await provider.saveFile(repo, {
      path: 'docs/README.md',
      content: '# Model\n',
      message: 'Docs',
      branch: 'main',
      author: ada,
    });
    await expect(provider.browse(repo, 'docs/README.md', 'feature/discount')).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
