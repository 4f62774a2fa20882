import {
  SOURCE_FILE_MAX_BYTES,
  type SourceBranch,
  type SourceCommit,
  type SourceDiffLine,
  type SourceFileDiff,
  type SourceTreeEntry,
} from '@shared/schemas/source-control';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import {
  type RepoRef,
  SOURCE_CONTROL_ERRORS,
  type SourceControlProvider,
  SourceControlUnavailableError,
} from './provider';

/**
 * Bitbucket Server / Data Center, REST API 1.0 (`<base>/rest/api/1.0/...`), with an HTTP access token
 * (Bearer) read from Secrets Manager. Paged answers (`values`, `isLastPage`, `nextPageStart`) are
 * followed up to MAX_PAGES; browse reads a file's `lines` page by page up to SOURCE_FILE_MAX_BYTES.
 * Saves are Bitbucket's "edit file" call (PUT .../browse/{path}, multipart: content, message, branch,
 * sourceCommitId), which commits as the token's user.
 */

export interface BitbucketOptions {
  /** e.g. https://bitbucket.example.com (no trailing /rest). */
  readonly baseUrl: string;
  /** The token; called per request, cached by its caller (token-cache.ts). */
  readonly token: () => Promise<string>;
  readonly fetch?: typeof fetch;
}

const PAGE_LIMIT = 100;
/** Lists longer than this are cut: a project list of 2,500 is more than any picker shows. */
const MAX_PAGES = 25;
/** The lines one browse page asks for (Bitbucket's own maximum is 5000 by default). */
const LINES_PAGE = 5000;

interface Paged<T> {
  values: T[];
  isLastPage: boolean;
  nextPageStart?: number;
  start?: number;
}

interface BbProject {
  key: string;
  name: string;
  description?: string;
}
interface BbRepository {
  slug: string;
  name: string;
  project: { key: string };
}
interface BbBranch {
  id: string;
  displayId: string;
  latestCommit: string;
  isDefault: boolean;
}
interface BbPath {
  components: string[];
  name: string;
  toString: string;
}
interface BbChild {
  path: BbPath;
  type: 'FILE' | 'DIRECTORY' | 'SUBMODULE';
  size?: number;
}
interface BbCommit {
  id: string;
  displayId: string;
  author: { name: string; emailAddress?: string; displayName?: string };
  authorTimestamp: number;
  committerTimestamp?: number;
  message: string;
  parents: { id: string; displayId: string }[];
}
interface BbDiffSegment {
  type: 'ADDED' | 'REMOVED' | 'CONTEXT';
  lines: { source: number; destination: number; line: string }[];
}
interface BbDiff {
  source: BbPath | null;
  destination: BbPath | null;
  binary?: boolean;
  hunks?: {
    sourceLine: number;
    sourceSpan: number;
    destinationLine: number;
    destinationSpan: number;
    segments: BbDiffSegment[];
  }[];
}

/** A path, or a ref, as URL path segments: each segment encoded on its own. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

export function createBitbucketProvider(options: BitbucketOptions): SourceControlProvider {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.baseUrl.replace(/\/+$/, '')}/rest/api/1.0`;

  async function call(
    path: string,
    query: Record<string, string | number | undefined>,
    init: { method?: string; body?: FormData } = {},
    notFound: string = SOURCE_CONTROL_ERRORS.pathNotFound,
  ): Promise<unknown> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    let response: Response;
    try {
      response = await doFetch(url, {
        method: init.method ?? 'GET',
        body: init.body,
        headers: {
          Authorization: `Bearer ${await options.token()}`,
          Accept: 'application/json',
          // Bitbucket refuses form posts without it (its XSRF check).
          ...(init.body ? { 'X-Atlassian-Token': 'no-check' } : {}),
        },
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      logger.warn('Bitbucket unreachable', { path, error });
      throw new SourceControlUnavailableError(SOURCE_CONTROL_ERRORS.unreachable);
    }
    if (response.ok) return response.status === 204 ? undefined : response.json();
    const detail = await errorMessage(response);
    if (response.status === 404) throw new NotFoundError(notFound);
    if (response.status === 409) throw new ConflictError(detail ?? SOURCE_CONTROL_ERRORS.fileChanged);
    // 400 (a ref Bitbucket cannot resolve, a path that is a folder...): its own words say why.
    if (response.status === 400) throw new NotFoundError(detail ?? notFound);
    // 401/403 mean the deployment's token is wrong or lacks rights: the user can do nothing about it.
    logger.error('Bitbucket refused a call', { path, status: response.status, detail });
    throw new SourceControlUnavailableError(SOURCE_CONTROL_ERRORS.unreachable);
  }

  async function all<T>(path: string, query: Record<string, string | undefined> = {}, notFound?: string) {
    const values: T[] = [];
    let start = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = (await call(path, { ...query, start, limit: PAGE_LIMIT }, {}, notFound)) as Paged<T>;
      values.push(...answer.values);
      if (answer.isLastPage || answer.nextPageStart === undefined) break;
      start = answer.nextPageStart;
    }
    return values;
  }

  const repoPath = ({ project, repo }: RepoRef) =>
    `/projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(repo)}`;

  return {
    async listProjects() {
      const projects = await all<BbProject>('/projects');
      return projects.map(({ key, name, description }) => ({ key, name, description }));
    },

    async getProject(project) {
      const p = (await call(
        `/projects/${encodeURIComponent(project)}`,
        {},
        {},
        SOURCE_CONTROL_ERRORS.projectNotFound,
      )) as BbProject;
      return { key: p.key, name: p.name, description: p.description };
    },

    async listRepositories(project) {
      const repos = await all<BbRepository>(
        `/projects/${encodeURIComponent(project)}/repos`,
        {},
        SOURCE_CONTROL_ERRORS.projectNotFound,
      );
      return repos.map((r) => ({ slug: r.slug, name: r.name, project: r.project.key }));
    },

    async listBranches(ref) {
      const branches = await all<BbBranch>(
        `${repoPath(ref)}/branches`,
        {},
        SOURCE_CONTROL_ERRORS.repoNotFound,
      );
      return branches.map(
        (b): SourceBranch => ({
          id: b.id,
          displayId: b.displayId,
          latestCommit: b.latestCommit,
          isDefault: b.isDefault,
        }),
      );
    },

    async browse(ref, path, at) {
      const url = `${repoPath(ref)}/browse${path ? `/${encodePath(path)}` : ''}`;
      const first = (await call(url, { at, limit: LINES_PAGE })) as
        | { children: Paged<BbChild> }
        | (Paged<never> & { lines: { text: string }[] });
      if ('children' in first) {
        const children = [...first.children.values];
        let page = first.children;
        for (let n = 1; n < MAX_PAGES && !page.isLastPage && page.nextPageStart !== undefined; n++) {
          const next = (await call(url, { at, start: page.nextPageStart, limit: PAGE_LIMIT })) as {
            children: Paged<BbChild>;
          };
          children.push(...next.children.values);
          page = next.children;
        }
        const entries = children
          .filter((c) => c.type !== 'SUBMODULE')
          .map((c): SourceTreeEntry => {
            // Children's paths are relative to the folder browsed.
            const name = c.path.toString;
            const entryPath = path ? `${path}/${name}` : name;
            return c.type === 'DIRECTORY'
              ? { path: entryPath, name, type: 'directory' }
              : { path: entryPath, name, type: 'file', size: c.size };
          })
          .sort((a, b) =>
            a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1,
          );
        return { kind: 'directory', path, entries };
      }
      const lines = first.lines.map((l) => l.text);
      let size = lines.reduce((n, l) => n + l.length + 1, 0);
      let page: { isLastPage: boolean; start?: number; size?: number } = first;
      let start = (first.start ?? 0) + lines.length;
      // Bitbucket omits nextPageStart on file pages (BSERV-12725): the next page starts after the
      // lines received.
      while (!page.isLastPage && size <= SOURCE_FILE_MAX_BYTES) {
        const next = (await call(url, { at, start, limit: LINES_PAGE })) as {
          lines: { text: string }[];
          isLastPage: boolean;
        };
        if (next.lines.length === 0) break;
        for (const l of next.lines) {
          lines.push(l.text);
          size += l.text.length + 1;
        }
        start += next.lines.length;
        page = next;
      }
      const content = lines.length ? `${lines.join('\n')}\n` : '';
      const truncated = !page.isLastPage || content.length > SOURCE_FILE_MAX_BYTES;
      return { kind: 'file', path, content: content.slice(0, SOURCE_FILE_MAX_BYTES), truncated };
    },

    async history(ref, request) {
      const answer = (await call(
        `${repoPath(ref)}/commits`,
        { path: request.path || undefined, until: request.until, start: request.start, limit: request.limit },
        {},
        SOURCE_CONTROL_ERRORS.refNotFound,
      )) as Paged<BbCommit>;
      return {
        commits: answer.values.map(toCommit),
        nextStart: answer.isLastPage
          ? undefined
          : (answer.nextPageStart ?? request.start + answer.values.length),
      };
    },

    async commitDiff(ref, request) {
      const url = `${repoPath(ref)}/diff${request.path ? `/${encodePath(request.path)}` : ''}`;
      const answer = (await call(
        url,
        { since: request.since, until: request.until, contextLines: 3 },
        {},
        SOURCE_CONTROL_ERRORS.refNotFound,
      )) as { fromHash?: string; toHash: string; diffs: BbDiff[] };
      return {
        since: answer.fromHash ?? request.since,
        until: answer.toHash,
        files: answer.diffs.map(toFileDiff),
      };
    },

    async saveFile(ref, request) {
      const form = new FormData();
      form.set('content', request.content);
      form.set('message', request.message);
      form.set('branch', request.branch);
      if (request.sourceCommitId) form.set('sourceCommitId', request.sourceCommitId);
      const commit = (await call(
        `${repoPath(ref)}/browse/${encodePath(request.path)}`,
        {},
        { method: 'PUT', body: form },
        SOURCE_CONTROL_ERRORS.refNotFound,
      )) as BbCommit;
      return toCommit(commit);
    },
  };
}

function toCommit(c: BbCommit): SourceCommit {
  return {
    id: c.id,
    displayId: c.displayId,
    parents: c.parents.map((p) => ({ id: p.id, displayId: p.displayId })),
    author: { name: c.author.displayName ?? c.author.name, emailAddress: c.author.emailAddress },
    message: c.message,
    authorTimestamp: c.authorTimestamp,
    committerTimestamp: c.committerTimestamp ?? c.authorTimestamp,
  };
}

const SEGMENT_TYPES = { ADDED: 'added', REMOVED: 'removed', CONTEXT: 'context' } as const;

function toFileDiff(d: BbDiff): SourceFileDiff {
  return {
    source: d.source?.toString,
    destination: d.destination?.toString,
    binary: d.binary ?? false,
    hunks: (d.hunks ?? []).map((h) => ({
      sourceLine: h.sourceLine,
      sourceSpan: h.sourceSpan,
      destinationLine: h.destinationLine,
      destinationSpan: h.destinationSpan,
      lines: h.segments.flatMap((s) =>
        s.lines.map((l): SourceDiffLine => {
          const type = SEGMENT_TYPES[s.type];
          return {
            type,
            text: l.line,
            source: type === 'added' ? undefined : l.source,
            destination: type === 'removed' ? undefined : l.destination,
          };
        }),
      ),
    })),
  };
}

async function errorMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { errors?: { message?: string }[] };
    return body.errors?.[0]?.message;
  } catch {
    return undefined;
  }
}
