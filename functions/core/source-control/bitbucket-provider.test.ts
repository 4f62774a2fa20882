import { describe, expect, it, vi } from 'vitest';
import { createBitbucketProvider } from './bitbucket-provider';
import { cachedToken, TOKEN_TTL_MS } from './configured-provider';

/**
 * Bitbucket Server/Data Center REST 1.0 answers, in the shapes its documentation and servers give
 * (paged `values`/`isLastPage`/`nextPageStart`, browse `children` or `lines`, diff `segments`), served
 * by a stubbed fetch that records what was asked.
 */
const BASE = 'https://bitbucket.example.com';
const repo = { project: 'HEOR', repo: 'cea-model' };

type Route = (url: URL, init: RequestInit) => { status?: number; body?: unknown };

function stubbedFetch(route: Route) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fn = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    const { status = 200, body } = route(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const provider = (route: Route) => {
  const stub = stubbedFetch(route);
  return {
    stub,
    p: createBitbucketProvider({ baseUrl: `${BASE}/`, token: async () => 'tok-123', fetch: stub.fetch }),
  };
};

const commit = (id: string, message: string, parent?: string) => ({
  id,
  displayId: id.slice(0, 11),
  author: { name: 'aanalyst', emailAddress: 'ada@example.com', displayName: 'Ada Analyst' },
  authorTimestamp: 1767607200000,
  committer: { name: 'aanalyst', emailAddress: 'ada@example.com' },
  committerTimestamp: 1767607260000,
  message,
  parents: parent ? [{ id: parent, displayId: parent.slice(0, 11) }] : [],
});

describe('Bitbucket provider', () => {
  it('follows project pages with nextPageStart and sends the token as a Bearer', async () => {
    const { stub, p } = provider((url) =>
      url.searchParams.get('start') === '0'
        ? {
            body: {
              size: 1,
              limit: 1,
              isLastPage: false,
              nextPageStart: 1,
              start: 0,
              values: [
                {
                  key: 'HEOR',
                  id: 1,
                  name: 'Health economics',
                  description: 'Models',
                  public: false,
                  type: 'NORMAL',
                },
              ],
            },
          }
        : {
            body: {
              size: 1,
              limit: 1,
              isLastPage: true,
              start: 1,
              values: [{ key: 'ONC', id: 2, name: 'Oncology', type: 'NORMAL' }],
            },
          },
    );
    expect(await p.listProjects()).toEqual([
      { key: 'HEOR', name: 'Health economics', description: 'Models' },
      { key: 'ONC', name: 'Oncology', description: undefined },
    ]);
    expect(stub.calls.map((c) => `${c.url.pathname}?${c.url.searchParams}`)).toEqual([
      '/rest/api/1.0/projects?start=0&limit=100',
      '/rest/api/1.0/projects?start=1&limit=100',
    ]);
    expect(new Headers(stub.calls[0]?.init.headers).get('authorization')).toBe('Bearer tok-123');
  });

  it('lists repositories and branches', async () => {
    const { p } = provider((url) =>
      url.pathname.endsWith('/repos')
        ? {
            body: {
              isLastPage: true,
              values: [
                {
                  slug: 'cea-model',
                  id: 11,
                  name: 'CEA model',
                  scmId: 'git',
                  state: 'AVAILABLE',
                  project: { key: 'HEOR' },
                },
              ],
            },
          }
        : {
            body: {
              isLastPage: true,
              values: [
                {
                  id: 'refs/heads/main',
                  displayId: 'main',
                  type: 'BRANCH',
                  latestCommit: 'a'.repeat(40),
                  latestChangeset: 'a'.repeat(40),
                  isDefault: true,
                },
                {
                  id: 'refs/heads/feature/discount',
                  displayId: 'feature/discount',
                  type: 'BRANCH',
                  latestCommit: 'b'.repeat(40),
                  isDefault: false,
                },
              ],
            },
          },
    );
    expect(await p.listRepositories('HEOR')).toEqual([
      { slug: 'cea-model', name: 'CEA model', project: 'HEOR' },
    ]);
    expect((await p.listBranches(repo)).map((b) => [b.displayId, b.isDefault])).toEqual([
      ['main', true],
      ['feature/discount', false],
    ]);
  });

  it('browses a folder (children relative to it) and a file (lines, page by page)', async () => {
    const { stub, p } = provider((url) => {
      if (url.pathname.endsWith('/browse/R'))
        return {
          body: {
            path: { components: ['R'], name: 'R', toString: 'R' },
            revision: 'refs/heads/main',
            children: {
              size: 2,
              limit: 500,
              isLastPage: true,
              start: 0,
              values: [
                {
                  path: { components: ['model.R'], name: 'model.R', extension: 'R', toString: 'model.R' },
                  contentId: 'c1',
                  type: 'FILE',
                  size: 24,
                },
                { path: { components: ['utils'], name: 'utils', toString: 'utils' }, type: 'DIRECTORY' },
              ],
            },
          },
        };
      // A file of three lines over two pages; Bitbucket gives no nextPageStart on file pages.
      return url.searchParams.get('start') === '2'
        ? { body: { lines: [{ text: 'c <- a + b' }], start: 2, size: 1, isLastPage: true } }
        : { body: { lines: [{ text: 'a <- 1' }, { text: 'b <- 3' }], start: 0, size: 2, isLastPage: false } };
    });
    expect(await p.browse(repo, 'R', 'main')).toEqual({
      kind: 'directory',
      path: 'R',
      entries: [
        { path: 'R/utils', name: 'utils', type: 'directory' },
        { path: 'R/model.R', name: 'model.R', type: 'file', size: 24 },
      ],
    });
    expect(await p.browse(repo, 'R/model.R', 'main')).toEqual({
      kind: 'file',
      path: 'R/model.R',
      content: 'a <- 1\nb <- 3\nc <- a + b\n',
      truncated: false,
    });
    expect(stub.calls[1]?.url.pathname).toBe('/rest/api/1.0/projects/HEOR/repos/cea-model/browse/R/model.R');
    expect(stub.calls[1]?.url.searchParams.get('at')).toBe('main');
  });

  it('reads history as commits of 000 §3, with the next page when there is one', async () => {
    const { stub, p } = provider(() => ({
      body: {
        size: 1,
        limit: 1,
        isLastPage: false,
        start: 0,
        nextPageStart: 1,
        values: [commit('c'.repeat(40), 'Raise the cost', 'd'.repeat(40))],
      },
    }));
    const page = await p.history(repo, { path: 'data/inputs.csv', until: 'main', start: 0, limit: 1 });
    expect(page).toEqual({
      commits: [
        {
          id: 'c'.repeat(40),
          displayId: 'ccccccccccc',
          parents: [{ id: 'd'.repeat(40), displayId: 'ddddddddddd' }],
          author: { name: 'Ada Analyst', emailAddress: 'ada@example.com' },
          message: 'Raise the cost',
          authorTimestamp: 1767607200000,
          committerTimestamp: 1767607260000,
        },
      ],
      nextStart: 1,
    });
    expect(Object.fromEntries(stub.calls[0]?.url.searchParams ?? [])).toEqual({
      path: 'data/inputs.csv',
      until: 'main',
      start: '0',
      limit: '1',
    });
  });

  it('turns diff segments into lines with their numbers', async () => {
    const { stub, p } = provider(() => ({
      body: {
        fromHash: 'a'.repeat(40),
        toHash: 'b'.repeat(40),
        contextLines: 3,
        whitespace: 'SHOW',
        diffs: [
          {
            source: { components: ['R', 'model.R'], name: 'model.R', toString: 'R/model.R' },
            destination: { components: ['R', 'model.R'], name: 'model.R', toString: 'R/model.R' },
            hunks: [
              {
                sourceLine: 1,
                sourceSpan: 2,
                destinationLine: 1,
                destinationSpan: 3,
                segments: [
                  {
                    type: 'CONTEXT',
                    lines: [{ source: 1, destination: 1, line: 'a <- 1', truncated: false }],
                    truncated: false,
                  },
                  {
                    type: 'REMOVED',
                    lines: [{ source: 2, destination: 2, line: 'b <- 2', truncated: false }],
                    truncated: false,
                  },
                  {
                    type: 'ADDED',
                    lines: [
                      { source: 3, destination: 2, line: 'b <- 3', truncated: false },
                      { source: 3, destination: 3, line: 'c <- a + b', truncated: false },
                    ],
                    truncated: false,
                  },
                ],
                truncated: false,
              },
            ],
            truncated: false,
          },
          {
            source: null,
            destination: { components: ['new.csv'], name: 'new.csv', toString: 'new.csv' },
            binary: true,
          },
        ],
        truncated: false,
      },
    }));
    const diff = await p.commitDiff(repo, { path: 'R', since: 'a'.repeat(40), until: 'b'.repeat(40) });
    expect(stub.calls[0]?.url.pathname).toBe('/rest/api/1.0/projects/HEOR/repos/cea-model/diff/R');
    expect(diff.files[0]?.hunks[0]?.lines).toEqual([
      { type: 'context', text: 'a <- 1', source: 1, destination: 1 },
      { type: 'removed', text: 'b <- 2', source: 2, destination: undefined },
      { type: 'added', text: 'b <- 3', source: undefined, destination: 2 },
      { type: 'added', text: 'c <- a + b', source: undefined, destination: 3 },
    ]);
    expect(diff.files[1]).toEqual({ source: undefined, destination: 'new.csv', binary: true, hunks: [] });
  });

  it('saves a file with the multipart edit call and maps a stale edit to 409', async () => {
    const { stub, p } = provider((_url, init) => {
      const form = init.body as FormData;
      return form.get('sourceCommitId') === 'e'.repeat(40)
        ? {
            status: 409,
            body: {
              errors: [
                {
                  context: null,
                  message: 'The file has been changed since the commit it was edited from.',
                  exceptionName: 'com.atlassian.bitbucket.content.FileContentOutOfDateException',
                },
              ],
            },
          }
        : { body: commit('f'.repeat(40), 'Cost from the 2026 tariff', 'c'.repeat(40)) };
    });
    const saved = await p.saveFile(repo, {
      path: 'data/inputs.csv',
      content: 'name,value\ncost,130\n',
      message: 'Cost from the 2026 tariff',
      branch: 'main',
      sourceCommitId: 'c'.repeat(40),
      author: { name: 'Ada' },
    });
    expect(saved.id).toBe('f'.repeat(40));
    const [call] = stub.calls;
    expect(call?.init.method).toBe('PUT');
    expect(call?.url.pathname).toBe('/rest/api/1.0/projects/HEOR/repos/cea-model/browse/data/inputs.csv');
    expect(new Headers(call?.init.headers).get('x-atlassian-token')).toBe('no-check');
    const form = call?.init.body as FormData;
    expect([form.get('content'), form.get('branch'), form.get('message')]).toEqual([
      'name,value\ncost,130\n',
      'main',
      'Cost from the 2026 tariff',
    ]);
    await expect(
      p.saveFile(repo, {
        path: 'data/inputs.csv',
        content: 'x',
        message: 'm',
        branch: 'main',
        sourceCommitId: 'e'.repeat(40),
        author: { name: 'Ada' },
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'The file has been changed since the commit it was edited from.',
    });
  });

  it('answers 404 for what Bitbucket does not know, and 502 when the token is refused or the server is down', async () => {
    const missing = provider(() => ({
      status: 404,
      body: {
        errors: [{ message: 'Project HEOR does not exist.', exceptionName: 'NoSuchProjectException' }],
      },
    }));
    await expect(missing.p.getProject('HEOR')).rejects.toMatchObject({
      statusCode: 404,
      message: 'This project does not exist.',
    });
    const refused = provider(() => ({
      status: 401,
      body: { errors: [{ message: 'Authentication failed.' }] },
    }));
    await expect(refused.p.listProjects()).rejects.toMatchObject({ statusCode: 502 });
    const down = createBitbucketProvider({
      baseUrl: BASE,
      token: async () => 't',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(down.listProjects()).rejects.toMatchObject({ statusCode: 502 });
  });
});

describe('token cache', () => {
  it('reads the secret once per TTL, shares a read in flight and does not keep a failed read', async () => {
    let time = 0;
    const read = vi.fn(async () => `token-${read.mock.calls.length}`);
    const token = cachedToken('arn:secret', read, () => time);
    expect(await Promise.all([token(), token()])).toEqual(['token-1', 'token-1']);
    time += TOKEN_TTL_MS;
    expect(await token()).toBe('token-1');
    time += 1;
    expect(await token()).toBe('token-2');
    expect(read).toHaveBeenCalledTimes(2);
    expect(read).toHaveBeenCalledWith('arn:secret');

    const failing = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValue('ok');
    const retrying = cachedToken('arn:secret', failing, () => 0);
    await expect(retrying()).rejects.toThrow('throttled');
    expect(await retrying()).toBe('ok');
  });
});
