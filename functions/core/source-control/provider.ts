import { ERROR_CODES } from '@shared/schemas/error';
import {
  SOURCE_CONTROL_MESSAGES,
  type SourceBranch,
  type SourceBrowse,
  type SourceCommit,
  type SourceDiff,
  type SourceHistory,
  type SourceProject,
  type SourceRepository,
} from '@shared/schemas/source-control';
import { AppError } from '../../lib/errors';

/**
 * The source-control calls of 000 §7 ("Links and version control"), one implementation per kind of
 * server: Bitbucket Server/Data Center in AWS (bitbucket-provider.ts), a folder of git repositories
 * locally and in tests (git-provider.ts). Every argument has been validated by the route's schema
 * (shared/schemas/source-control.ts: project keys, slugs, refs, paths); providers still never
 * interpolate them into a shell or a file-system path of their own.
 *
 * Errors: NotFoundError for an unknown project, repository, ref or path; ConflictError when a save
 * lost a race or the file changed since its `sourceCommitId`; SourceControlUnavailableError when the
 * server cannot be reached or answers nonsense.
 */
export interface RepoRef {
  readonly project: string;
  readonly repo: string;
}

export interface HistoryRequest {
  readonly path: string;
  readonly until?: string;
  readonly start: number;
  readonly limit: number;
}

export interface DiffRequest {
  readonly path: string;
  readonly since?: string;
  readonly until: string;
}

export interface SaveFileRequest {
  readonly path: string;
  readonly content: string;
  readonly message: string;
  readonly branch: string;
  readonly sourceCommitId?: string;
  /** Who saves: the git provider writes it as the commit's author; Bitbucket commits as its token's user. */
  readonly author: { readonly name: string; readonly email?: string };
}

export interface SourceControlProvider {
  listProjects(): Promise<SourceProject[]>;
  getProject(project: string): Promise<SourceProject>;
  listRepositories(project: string): Promise<SourceRepository[]>;
  listBranches(repo: RepoRef): Promise<SourceBranch[]>;
  /** A folder's entries or a file's text at `at` (a branch or commit; absent: the default branch). */
  browse(repo: RepoRef, path: string, at?: string): Promise<SourceBrowse>;
  /** Commits touching `path`, newest first, from `until` (absent: the default branch). */
  history(repo: RepoRef, request: HistoryRequest): Promise<SourceHistory>;
  /** The changes between two commits under `path` (`since` absent: `until`'s first parent). */
  commitDiff(repo: RepoRef, request: DiffRequest): Promise<SourceDiff>;
  /** Commits `content` to `path` on `branch`; answers the new commit. */
  saveFile(repo: RepoRef, request: SaveFileRequest): Promise<SourceCommit>;
}

/** 502 when the server failed, 503 when this deployment has none configured. */
export class SourceControlUnavailableError extends AppError {
  constructor(message: string, statusCode: 502 | 503 = 502) {
    super(statusCode, ERROR_CODES.sourceControlUnavailable, message);
  }
}

export const SOURCE_CONTROL_ERRORS = {
  notConfigured: 'Source control is not configured for this deployment.',
  unreachable: 'The source-control server could not be reached. Please try again later.',
  projectNotFound: 'This project does not exist.',
  repoNotFound: 'This repository does not exist.',
  refNotFound: 'This branch or commit does not exist.',
  pathNotFound: 'This path does not exist at this commit.',
  fileChanged: SOURCE_CONTROL_MESSAGES.fileChanged,
  fileExists: 'A file with this path already exists on this branch.',
  notAFile: 'This path is a folder, not a file.',
} as const;
