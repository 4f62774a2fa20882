import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isSafeRef,
  isSafeRepoPath,
  SOURCE_FILE_MAX_BYTES,
  type SourceBranch,
  type SourceBrowse,
  type SourceCommit,
  type SourceDiff,
  type SourceFileDiff,
  type SourceHistory,
  type SourceProject,
  type SourceRepository,
  type SourceTreeEntry,
} from '@shared/schemas/source-control';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { type RepoRef, SOURCE_CONTROL_ERRORS, type SourceControlProvider } from './provider';
import { parseUnifiedDiff } from './unified-diff';

/**
 * The local and test provider: a folder of bare git repositories, `<root>/<PROJECT>/<repo>.git`,
 * read and written with the git CLI. Never deployed (the Lambda image has no git); it makes browse,
 * history, diff and save work in the demo and in tests exactly as against Bitbucket.
 *
 * Safety: git runs through `spawn` with an argument array (no shell); every ref and path was checked
 * by the route's schema and is checked again here (`isSafeRef`/`isSafeRepoPath`: no leading '-', no
 * '..'); refs are resolved to a full commit id once and only that id reaches later commands; paths
 * are passed after `--` or inside `<commit>:<path>`, which git resolves inside the commit's tree,
 * never on disk. Project and repository names become directory names only after the route's
 * patterns, and are looked up among the directories that exist.
 */

/** git's well-known empty tree: the "before" of a root commit. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
/** Bitbucket's display ids are 11 characters; the local provider shows the same. */
const ABBREV = 11;
const FIELD = '\x00';
const RECORD = '\x1e';

interface GitResult {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

function git(
  repoDir: string,
  args: readonly string[],
  options: { input?: string | Buffer; env?: Record<string, string>; maxBytes?: number } = {},
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--git-dir', repoDir, '-c', 'core.quotePath=false', ...args], {
      env: {
        ...process.env,
        GIT_TERMINAL_PROMPT: '0',
        GIT_CONFIG_NOSYSTEM: '1',
        LC_ALL: 'C',
        ...options.env,
      },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    const max = options.maxBytes ?? 32 * 1024 * 1024;
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > max) {
        child.kill();
        reject(new ConflictError('The answer of the repository is too large to show.'));
        return;
      }
      out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: err }));
    if (child.stdin) {
      // git may exit before reading all of its input (a refused object): its exit code tells.
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input);
    }
  });
}

async function gitOk(repoDir: string, args: readonly string[], options?: Parameters<typeof git>[2]) {
  const result = await git(repoDir, args, options);
  if (result.code !== 0) throw new Error(`git ${args[0]} failed: ${result.stderr.trim()}`);
  return result.stdout.toString('utf8');
}

function assertRef(ref: string): void {
  if (!isSafeRef(ref)) throw new BadRequestError('This is not a valid branch name or commit id.');
}

function assertPath(path: string): void {
  if (!isSafeRepoPath(path)) throw new BadRequestError('This is not a valid path in a repository.');
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

export function createGitProvider(root: string): SourceControlProvider {
  /** The project's folder, if it exists: looked up among the folders, never built from input alone. */
  async function projectDir(project: string): Promise<string> {
    const names = await readdir(root).catch(() => [] as string[]);
    if (!names.includes(project) || !(await isDirectory(join(root, project))))
      throw new NotFoundError(SOURCE_CONTROL_ERRORS.projectNotFound);
    return join(root, project);
  }

  async function repoDir({ project, repo }: RepoRef): Promise<string> {
    const dir = await projectDir(project);
    const names = await readdir(dir);
    if (!names.includes(`${repo}.git`)) throw new NotFoundError(SOURCE_CONTROL_ERRORS.repoNotFound);
    return join(dir, `${repo}.git`);
  }

  async function defaultBranch(dir: string): Promise<string | undefined> {
    const head = await git(dir, ['symbolic-ref', '--quiet', 'HEAD']);
    return head.code === 0 ? head.stdout.toString('utf8').trim() : undefined;
  }

  /** The full commit id a branch, tag or commit id names (404 when none). */
  async function resolveCommit(dir: string, ref: string | undefined): Promise<string> {
    const name = ref ?? (await defaultBranch(dir));
    if (!name) throw new NotFoundError(SOURCE_CONTROL_ERRORS.refNotFound);
    assertRef(name);
    const result = await git(dir, [
      'rev-parse',
      '--verify',
      '--quiet',
      '--end-of-options',
      `${name}^{commit}`,
    ]);
    if (result.code !== 0) throw new NotFoundError(SOURCE_CONTROL_ERRORS.refNotFound);
    return result.stdout.toString('utf8').trim();
  }

  async function objectType(dir: string, commit: string, path: string): Promise<string | undefined> {
    const spec = path === '' ? `${commit}^{tree}` : `${commit}:${path}`;
    const result = await git(dir, ['cat-file', '-t', spec]);
    return result.code === 0 ? result.stdout.toString('utf8').trim() : undefined;
  }

  async function readDescription(dir: string): Promise<string | undefined> {
    const text = await readFile(join(dir, 'description'), 'utf8').catch(() => '');
    return text.trim() || undefined;
  }

  return {
    async listProjects() {
      const names = await readdir(root).catch(() => [] as string[]);
      const projects: SourceProject[] = [];
      for (const name of names.sort()) {
        if (name.startsWith('.') || !(await isDirectory(join(root, name)))) continue;
        projects.push({ key: name, name, description: await readDescription(join(root, name)) });
      }
      return projects;
    },

    async getProject(project) {
      const dir = await projectDir(project);
      return { key: project, name: project, description: await readDescription(dir) };
    },

    async listRepositories(project) {
      const dir = await projectDir(project);
      const names = await readdir(dir);
      return names
        .filter((name) => name.endsWith('.git'))
        .sort()
        .map((name): SourceRepository => {
          const slug = name.slice(0, -'.git'.length);
          return { slug, name: slug, project };
        });
    },

    async listBranches(ref) {
      const dir = await repoDir(ref);
      const head = await defaultBranch(dir);
      const out = await gitOk(dir, [
        'for-each-ref',
        // for-each-ref writes %00 as a NUL byte (an argument cannot hold one).
        '--format=%(refname)%00%(refname:short)%00%(objectname)',
        'refs/heads',
      ]);
      return out
        .split('\n')
        .filter(Boolean)
        .map((line): SourceBranch => {
          const [id = '', displayId = '', latestCommit = ''] = line.split(FIELD);
          return { id, displayId, latestCommit, isDefault: id === head };
        });
    },

    async browse(ref, path, at) {
      assertPath(path);
      const dir = await repoDir(ref);
      const commit = await resolveCommit(dir, at);
      const type = await objectType(dir, commit, path);
      if (type === 'blob') return readBlob(dir, commit, path);
      if (type !== 'tree') throw new NotFoundError(SOURCE_CONTROL_ERRORS.pathNotFound);
      const spec = path === '' ? `${commit}^{tree}` : `${commit}:${path}`;
      const out = await gitOk(dir, ['ls-tree', '-z', '-l', spec]);
      const entries = out
        .split('\0')
        .filter(Boolean)
        .map((record): SourceTreeEntry => {
          const tab = record.indexOf('\t');
          const [, kind, , size] = record.slice(0, tab).split(/\s+/);
          const name = record.slice(tab + 1);
          const entryPath = path === '' ? name : `${path}/${name}`;
          return kind === 'tree'
            ? { path: entryPath, name, type: 'directory' }
            : { path: entryPath, name, type: 'file', size: Number(size) };
        })
        // Folders first, then files, each by name: how Bitbucket and file managers list them.
        .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
      return { kind: 'directory', path, entries };
    },

    async history(ref, request) {
      assertPath(request.path);
      const dir = await repoDir(ref);
      const commit = await resolveCommit(dir, request.until);
      const format = ['%H', '%h', '%P', '%p', '%an', '%ae', '%at', '%ct', '%B'].join('%x00');
      const args = [
        'log',
        `--format=${format}%x1e`,
        `--abbrev=${ABBREV}`,
        `--skip=${request.start}`,
        `--max-count=${request.limit + 1}`,
        commit,
        '--',
      ];
      if (request.path !== '') args.push(request.path);
      const out = await gitOk(dir, args);
      const commits = out
        .split(RECORD)
        .map((record) => record.replace(/^\n/, ''))
        .filter(Boolean)
        .map(parseLogRecord);
      const hasMore = commits.length > request.limit;
      return {
        commits: commits.slice(0, request.limit),
        nextStart: hasMore ? request.start + request.limit : undefined,
      } satisfies SourceHistory;
    },

    async commitDiff(ref, request) {
      assertPath(request.path);
      const dir = await repoDir(ref);
      const until = await resolveCommit(dir, request.until);
      let since: string;
      if (request.since) since = await resolveCommit(dir, request.since);
      else {
        const parent = await git(dir, ['rev-parse', '--verify', '--quiet', `${until}^1`]);
        since = parent.code === 0 ? parent.stdout.toString('utf8').trim() : EMPTY_TREE;
      }
      const args = ['diff', '--no-color', '--no-ext-diff', '--no-renames', '-U3', since, until, '--'];
      if (request.path !== '') args.push(request.path);
      const out = await gitOk(dir, args);
      const files: SourceFileDiff[] = parseUnifiedDiff(out);
      return { since: since === EMPTY_TREE ? undefined : since, until, files } satisfies SourceDiff;
    },

    async saveFile(ref, request) {
      assertPath(request.path);
      assertRef(request.branch);
      const dir = await repoDir(ref);
      const branchRef = `refs/heads/${request.branch}`;
      const head = await git(dir, [
        'rev-parse',
        '--verify',
        '--quiet',
        '--end-of-options',
        `${branchRef}^{commit}`,
      ]);
      if (head.code !== 0) throw new NotFoundError(SOURCE_CONTROL_ERRORS.refNotFound);
      const headCommit = head.stdout.toString('utf8').trim();
      const current = await objectType(dir, headCommit, request.path);
      if (current === 'tree') throw new ConflictError(SOURCE_CONTROL_ERRORS.notAFile);
      if (request.sourceCommitId) {
        // Bitbucket's rule: the save is refused when the file changed on the branch since the commit
        // the editor started from.
        const source = await resolveCommit(dir, request.sourceCommitId);
        const before = await blobId(dir, source, request.path);
        const now = await blobId(dir, headCommit, request.path);
        if (before !== now) throw new ConflictError(SOURCE_CONTROL_ERRORS.fileChanged);
      } else if (current !== undefined) {
        throw new ConflictError(SOURCE_CONTROL_ERRORS.fileExists);
      }
      const blob = (await gitOk(dir, ['hash-object', '-w', '--stdin'], { input: request.content })).trim();
      // A private index in a temporary folder: the bare repository has no work tree, and concurrent
      // saves must not share one index.
      const tmp = await mkdtemp(join(tmpdir(), 'mr-git-index-'));
      try {
        const indexEnv = { GIT_INDEX_FILE: join(tmp, 'index') };
        await gitOk(dir, ['read-tree', headCommit], { env: indexEnv });
        await gitOk(dir, ['update-index', '--add', '--cacheinfo', `100644,${blob},${request.path}`], {
          env: indexEnv,
        });
        const tree = (await gitOk(dir, ['write-tree'], { env: indexEnv })).trim();
        const identity = {
          GIT_AUTHOR_NAME: request.author.name,
          GIT_AUTHOR_EMAIL: request.author.email ?? '',
          GIT_COMMITTER_NAME: request.author.name,
          GIT_COMMITTER_EMAIL: request.author.email ?? '',
        };
        const commit = (
          await gitOk(dir, ['commit-tree', tree, '-p', headCommit, '-F', '-'], {
            input: request.message,
            env: identity,
          })
        ).trim();
        // Compare-and-swap: another save that moved the branch meanwhile makes this one a 409.
        const moved = await git(dir, ['update-ref', branchRef, commit, headCommit]);
        if (moved.code !== 0) throw new ConflictError(SOURCE_CONTROL_ERRORS.fileChanged);
        const out = await gitOk(dir, [
          'log',
          '-1',
          `--format=${['%H', '%h', '%P', '%p', '%an', '%ae', '%at', '%ct', '%B'].join('%x00')}`,
          `--abbrev=${ABBREV}`,
          commit,
        ]);
        return parseLogRecord(out);
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },
  };
}

async function blobId(dir: string, commit: string, path: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--verify', '--quiet', `${commit}:${path}`]);
  return result.code === 0 ? result.stdout.toString('utf8').trim() : undefined;
}

async function readBlob(dir: string, commit: string, path: string): Promise<SourceBrowse> {
  const spec = `${commit}:${path}`;
  const size = Number((await gitOk(dir, ['cat-file', '-s', spec])).trim());
  const body = await gitOk(dir, ['cat-file', 'blob', spec], { maxBytes: Math.max(size, 1) });
  const truncated = size > SOURCE_FILE_MAX_BYTES;
  return {
    kind: 'file',
    path,
    content: truncated ? body.slice(0, SOURCE_FILE_MAX_BYTES) : body,
    truncated,
  };
}

function parseLogRecord(record: string): SourceCommit {
  const [
    id = '',
    displayId = '',
    parents = '',
    shortParents = '',
    name = '',
    email = '',
    at = '0',
    ct = '0',
    ...rest
  ] = record.split(FIELD);
  const parentIds = parents.split(' ').filter(Boolean);
  const parentShort = shortParents.split(' ').filter(Boolean);
  return {
    id,
    displayId,
    parents: parentIds.map((parentId, i) => ({
      id: parentId,
      displayId: parentShort[i] ?? parentId.slice(0, ABBREV),
    })),
    author: { name, emailAddress: email || undefined },
    message: rest.join(FIELD).trimEnd(),
    authorTimestamp: Number(at) * 1000,
    committerTimestamp: Number(ct) * 1000,
  };
}
