import { sourceControlBrowse, sourceControlSave } from '@shared/rules/source-control-permissions';
import type {
  SaveSourceFileBody,
  SourceBranch,
  SourceBrowse,
  SourceCommit,
  SourceDiff,
  SourceDiffQuery,
  SourceHistory,
  SourceHistoryQuery,
  SourceProject,
  SourceRepoParams,
  SourceRepository,
} from '@shared/schemas/source-control';
import { fullName, type User } from '@shared/schemas/user';
import { ForbiddenError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { loadVisibleModel, permissionModel, permissionUser, requireAction } from '../models/model-access';
import { sourceControlProvider } from './configured-provider';

/**
 * The source-control use cases behind /v2/source-control (issue 18 §5). Each one authorizes first
 * (shared/rules/source-control-permissions.ts), then asks the configured provider.
 */
export const SOURCE_CONTROL_REFUSALS = {
  browse: 'Source control is available to internal users only.',
  notLinked: 'This model entry is not linked to this repository, so files cannot be saved to it in its name.',
} as const;

function requireBrowse(user: User): void {
  if (sourceControlBrowse(user.userType) !== 'allowed')
    throw new ForbiddenError(SOURCE_CONTROL_REFUSALS.browse);
}

export async function listSourceProjects(user: User): Promise<{ projects: SourceProject[] }> {
  requireBrowse(user);
  return { projects: await sourceControlProvider().listProjects() };
}

export async function getSourceProject(user: User, project: string): Promise<SourceProject> {
  requireBrowse(user);
  return sourceControlProvider().getProject(project);
}

export async function listSourceRepositories(
  user: User,
  project: string,
): Promise<{ repositories: SourceRepository[] }> {
  requireBrowse(user);
  return { repositories: await sourceControlProvider().listRepositories(project) };
}

export async function listSourceBranches(
  user: User,
  repo: SourceRepoParams,
): Promise<{ branches: SourceBranch[] }> {
  requireBrowse(user);
  return { branches: await sourceControlProvider().listBranches(repo) };
}

export async function browseSource(
  user: User,
  repo: SourceRepoParams,
  query: { path: string; at?: string },
): Promise<SourceBrowse> {
  requireBrowse(user);
  return sourceControlProvider().browse(repo, query.path, query.at);
}

export async function listSourceCommits(
  user: User,
  repo: SourceRepoParams,
  query: SourceHistoryQuery,
): Promise<SourceHistory> {
  requireBrowse(user);
  return sourceControlProvider().history(repo, query);
}

export async function getSourceDiff(
  user: User,
  repo: SourceRepoParams,
  query: SourceDiffQuery,
): Promise<SourceDiff> {
  requireBrowse(user);
  return sourceControlProvider().commitDiff(repo, query);
}

/**
 * Saves a file in the name of an entry linked to the repository: the entry visible (404), the caller
 * allowed to edit it (403/409 as for any edit), and the entry's metadata naming this project and
 * repository (403). Nothing reaches the provider before all three hold.
 */
export async function saveSourceFile(
  user: User,
  repo: SourceRepoParams,
  body: SaveSourceFileBody,
): Promise<SourceCommit> {
  requireBrowse(user);
  const model = await loadVisibleModel(body.modelUuid, user);
  requireAction('edit', user, model);
  const link = { project: model.metadata.bitbucket_project, repository: model.metadata.bitbucket_repository };
  if (sourceControlSave(permissionUser(user), permissionModel(model, user), link, repo) !== 'allowed')
    throw new ForbiddenError(SOURCE_CONTROL_REFUSALS.notLinked);
  const commit = await sourceControlProvider().saveFile(repo, {
    path: body.path,
    content: body.content,
    message: body.message,
    branch: body.branch,
    sourceCommitId: body.sourceCommitId,
    author: { name: fullName(user) || user.id, email: user.email },
  });
  logger.info('Source file saved', {
    modelUuid: model.uuid,
    project: repo.project,
    repo: repo.repo,
    commit: commit.id,
  });
  return commit;
}
