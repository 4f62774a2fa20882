import * as z from 'zod/mini';
import { UuidSchema } from './model-api';

/**
 * Source control (issue 18 §5; spec 000 §3 "source-control commit", §4 "file source mode", §7 "Links
 * and version control"): the repositories a model entry's code lives in, read through one provider
 * (Bitbucket Server/Data Center in AWS, a git repository on disk locally; docs/source-control.md).
 *   GET /v2/source-control/projects                                          → SourceProjects
 *   GET /v2/source-control/projects/{project}                                → SourceProject
 *   GET /v2/source-control/projects/{project}/repos                          → SourceRepositories
 *   GET /v2/source-control/projects/{project}/repos/{repo}/branches          → SourceBranches
 *   GET /v2/source-control/projects/{project}/repos/{repo}/browse?path&at    → SourceBrowse
 *   GET /v2/source-control/projects/{project}/repos/{repo}/commits?path&until&start&limit → SourceHistory
 *   GET /v2/source-control/projects/{project}/repos/{repo}/diff?path&since&until → SourceDiff
 *   PUT /v2/source-control/projects/{project}/repos/{repo}/files             SaveSourceFileBody → SourceCommit
 * Names, refs and paths are checked here, before any provider sees them: a ref or path that could
 * be read as a command-line option, climb out of the repository or smuggle a control character is a
 * 400 (the git provider passes them to `git` as arguments, Bitbucket into its URL).
 */

/** Bitbucket project keys (letters, digits, '_'), and '~user' for personal projects. */
const PROJECT_KEY = /^~?[A-Za-z0-9_][A-Za-z0-9_-]{0,127}$/;
/** Repository slugs: letters, digits, '.', '_', '-'; never '.' or '..' alone. */
const REPO_SLUG = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

/**
 * A branch name, tag or commit id as git accepts it (git-check-ref-format) and narrower: no leading
 * '-' (an option to git), no '..', '@{', '//', no trailing '/', '.' or '.lock', no control
 * characters, spaces or ~^:?*[\ (revision syntax). `refs/heads/x` is accepted for Bitbucket's ids.
 */
export function isSafeRef(ref: string): boolean {
  return (
    ref.length > 0 &&
    ref.length <= 200 &&
    /^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(ref) &&
    !ref.includes('..') &&
    !ref.includes('//') &&
    !ref.includes('/.') &&
    !ref.endsWith('/') &&
    !ref.endsWith('.') &&
    !ref.endsWith('.lock')
  );
}

/**
 * A path inside a repository: '/'-separated names, no leading or trailing '/', no empty, '.' or '..'
 * segment, no backslash or control character, no segment starting with '-'. '' is the root.
 */
export function isSafeRepoPath(path: string): boolean {
  if (path === '') return true;
  if (path.length > 1000 || path.includes('\\') || hasControlCharacter(path)) return false;
  return path
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.startsWith('-'));
}

function hasControlCharacter(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export const SOURCE_CONTROL_MESSAGES = {
  badRef: 'This is not a valid branch name or commit id.',
  badPath: 'This is not a valid path in a repository.',
  badProject: 'This is not a valid project key.',
  badRepo: 'This is not a valid repository name.',
  /** 000 §8 empty states, shown by the history and the browser. */
  noCommits: 'No commits found',
  noExecutionFile: 'There is no execution file',
  /** A save against a commit the branch has moved past (409), from either provider. */
  fileChanged:
    'The file was changed on this branch since you opened it. Reload it and apply your change again.',
} as const;

const RefSchema = z.string().check(z.refine(isSafeRef, SOURCE_CONTROL_MESSAGES.badRef));
const RepoPathSchema = z.string().check(z.refine(isSafeRepoPath, SOURCE_CONTROL_MESSAGES.badPath));

export const SourceProjectParamsSchema = z.object({
  project: z.string().check(z.regex(PROJECT_KEY, SOURCE_CONTROL_MESSAGES.badProject)),
});
export const SourceRepoParamsSchema = z.object({
  project: z.string().check(z.regex(PROJECT_KEY, SOURCE_CONTROL_MESSAGES.badProject)),
  repo: z.string().check(z.regex(REPO_SLUG, SOURCE_CONTROL_MESSAGES.badRepo)),
});
export type SourceRepoParams = z.infer<typeof SourceRepoParamsSchema>;

export const SourceProjectSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
});
export type SourceProject = z.infer<typeof SourceProjectSchema>;
export const SourceProjectsSchema = z.object({ projects: z.array(SourceProjectSchema) });

export const SourceRepositorySchema = z.object({ slug: z.string(), name: z.string(), project: z.string() });
export type SourceRepository = z.infer<typeof SourceRepositorySchema>;
export const SourceRepositoriesSchema = z.object({ repositories: z.array(SourceRepositorySchema) });

export const SourceBranchSchema = z.object({
  /** The full ref (`refs/heads/main`). */
  id: z.string(),
  /** The name users know (`main`). */
  displayId: z.string(),
  latestCommit: z.string(),
  isDefault: z.boolean(),
});
export type SourceBranch = z.infer<typeof SourceBranchSchema>;
export const SourceBranchesSchema = z.object({ branches: z.array(SourceBranchSchema) });

export const SourceTreeEntrySchema = z.object({
  /** Path from the repository root. */
  path: z.string(),
  name: z.string(),
  type: z.enum(['file', 'directory']),
  size: z.optional(z.int()),
});
export type SourceTreeEntry = z.infer<typeof SourceTreeEntrySchema>;

export const SourceBrowseQuerySchema = z.object({
  path: z._default(RepoPathSchema, ''),
  /** Branch or commit; absent: the default branch. */
  at: z.optional(RefSchema),
});

/** A folder's entries, or a file's text (cut at SOURCE_FILE_MAX_BYTES, then `truncated`). */
export const SourceBrowseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('directory'),
    path: z.string(),
    entries: z.array(SourceTreeEntrySchema),
  }),
  z.object({
    kind: z.literal('file'),
    path: z.string(),
    content: z.string(),
    truncated: z.boolean(),
  }),
]);
export type SourceBrowse = z.infer<typeof SourceBrowseSchema>;

/** The text of a file the browser shows or a save writes: 1 MB, the text diff's own limit. */
export const SOURCE_FILE_MAX_BYTES = 1024 * 1024;

/** 000 §3 source-control commit: id, displayId, parents, author, message, timestamps. */
export const SourceCommitSchema = z.object({
  id: z.string(),
  displayId: z.string(),
  parents: z.array(z.object({ id: z.string(), displayId: z.string() })),
  author: z.object({ name: z.string(), emailAddress: z.optional(z.string()) }),
  message: z.string(),
  /** Epoch milliseconds, as Bitbucket gives them. */
  authorTimestamp: z.number(),
  committerTimestamp: z.number(),
});
export type SourceCommit = z.infer<typeof SourceCommitSchema>;

export const SOURCE_HISTORY_PAGE = 25;

export const SourceHistoryQuerySchema = z.object({
  /** Only commits touching this file or folder; '' = the whole repository. */
  path: z._default(RepoPathSchema, ''),
  /** Newest commit to list from (branch or commit); absent: the default branch. */
  until: z.optional(RefSchema),
  start: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), SOURCE_HISTORY_PAGE),
});
export type SourceHistoryQuery = z.infer<typeof SourceHistoryQuerySchema>;

export const SourceHistorySchema = z.object({
  commits: z.array(SourceCommitSchema),
  /** Where the next page starts; absent on the last page. */
  nextStart: z.optional(z.int()),
});
export type SourceHistory = z.infer<typeof SourceHistorySchema>;

export const SourceDiffQuerySchema = z.object({
  path: z._default(RepoPathSchema, ''),
  /** The older commit; absent: `until`'s first parent. */
  since: z.optional(RefSchema),
  until: RefSchema,
});
export type SourceDiffQuery = z.infer<typeof SourceDiffQuerySchema>;

export const SourceDiffLineSchema = z.object({
  type: z.enum(['added', 'removed', 'context']),
  text: z.string(),
  /** Line number on the `since` side (absent for added lines). */
  source: z.optional(z.int()),
  /** Line number on the `until` side (absent for removed lines). */
  destination: z.optional(z.int()),
});
export type SourceDiffLine = z.infer<typeof SourceDiffLineSchema>;

export const SourceDiffHunkSchema = z.object({
  sourceLine: z.int(),
  sourceSpan: z.int(),
  destinationLine: z.int(),
  destinationSpan: z.int(),
  lines: z.array(SourceDiffLineSchema),
});
export type SourceDiffHunk = z.infer<typeof SourceDiffHunkSchema>;

export const SourceFileDiffSchema = z.object({
  /** Path on the `since` side; absent: the file was added. */
  source: z.optional(z.string()),
  /** Path on the `until` side; absent: the file was deleted. */
  destination: z.optional(z.string()),
  binary: z.boolean(),
  hunks: z.array(SourceDiffHunkSchema),
});
export type SourceFileDiff = z.infer<typeof SourceFileDiffSchema>;

export const SourceDiffSchema = z.object({
  since: z.optional(z.string()),
  until: z.string(),
  files: z.array(SourceFileDiffSchema),
});
export type SourceDiff = z.infer<typeof SourceDiffSchema>;

/** A commit message's longest length. */
export const SOURCE_COMMIT_MESSAGE_MAX = 2000;

export const SaveSourceFileBodySchema = z.object({
  /** The entry linked to this repository in whose name the file is saved (the save's permission). */
  modelUuid: UuidSchema,
  path: z.string().check(z.minLength(1), z.refine(isSafeRepoPath, SOURCE_CONTROL_MESSAGES.badPath)),
  content: z.string().check(z.maxLength(SOURCE_FILE_MAX_BYTES)),
  message: z
    .string()
    .check(z.trim(), z.minLength(1, 'A commit message is required.'), z.maxLength(SOURCE_COMMIT_MESSAGE_MAX)),
  branch: RefSchema,
  /**
   * The commit the edit started from: the save is refused (409) when the file changed on the branch
   * since. Absent: the file is new.
   */
  sourceCommitId: z.optional(RefSchema),
});
export type SaveSourceFileBody = z.infer<typeof SaveSourceFileBodySchema>;

/** 000 §4 file source mode: the repository when metadata names one, else local upload, else none. */
export type FileSourceMode = 'source-control' | 'local-upload' | 'none';
