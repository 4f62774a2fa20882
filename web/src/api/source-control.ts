import type { SaveSourceFileBody } from '@shared/schemas/source-control';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';

/**
 * Source control (issue 18 §5; shared/schemas/source-control.ts). Keys by repository, then what is
 * read; a save refreshes everything of its repository (branches move, history grows). Reads handle
 * their own failures: the browser shows the server's message in place (a missing path is an answer,
 * not an error of the page).
 */
export interface RepoCoordinates {
  readonly project: string;
  readonly repo: string;
}

export const sourceKeys = {
  all: ['source-control'] as const,
  projects: () => [...sourceKeys.all, 'projects'] as const,
  repositories: (project: string) => [...sourceKeys.all, 'projects', project, 'repos'] as const,
  repo: (r: RepoCoordinates) => [...sourceKeys.all, 'repo', r.project, r.repo] as const,
  branches: (r: RepoCoordinates) => [...sourceKeys.repo(r), 'branches'] as const,
  browse: (r: RepoCoordinates, path: string, at?: string) =>
    [...sourceKeys.repo(r), 'browse', path, at ?? ''] as const,
  commits: (r: RepoCoordinates, path: string, until?: string) =>
    [...sourceKeys.repo(r), 'commits', path, until ?? ''] as const,
  diff: (r: RepoCoordinates, path: string, until: string, since?: string) =>
    [...sourceKeys.repo(r), 'diff', path, until, since ?? ''] as const,
};

export const sourceProjectsQuery = () =>
  queryOptions({
    queryKey: sourceKeys.projects(),
    queryFn: ({ signal }) => apiClient.call('listSourceProjects', { signal }),
  });

export const sourceRepositoriesQuery = (project: string) =>
  queryOptions({
    queryKey: sourceKeys.repositories(project),
    queryFn: ({ signal }) =>
      apiClient.call('listSourceRepositories', { params: { project }, signal, handleErrors: true }),
    enabled: project !== '',
  });

export const sourceBranchesQuery = (r: RepoCoordinates) =>
  queryOptions({
    queryKey: sourceKeys.branches(r),
    queryFn: ({ signal }) =>
      apiClient.call('listSourceBranches', { params: { ...r }, signal, handleErrors: true }),
  });

export const sourceBrowseQuery = (r: RepoCoordinates, path: string, at?: string) =>
  queryOptions({
    queryKey: sourceKeys.browse(r, path, at),
    queryFn: ({ signal }) =>
      apiClient.call('browseSource', { params: { ...r }, query: { path, at }, signal, handleErrors: true }),
  });

/** The first page (25 commits) touching `path`, newest first. */
export const sourceCommitsQuery = (r: RepoCoordinates, path: string, until?: string) =>
  queryOptions({
    queryKey: sourceKeys.commits(r, path, until),
    queryFn: ({ signal }) =>
      apiClient.call('listSourceCommits', {
        params: { ...r },
        query: { path, until },
        signal,
        handleErrors: true,
      }),
  });

/** The changes of `until` (against `since`, or its first parent) under `path`. */
export const sourceDiffQuery = (r: RepoCoordinates, path: string, until: string, since?: string) =>
  queryOptions({
    queryKey: sourceKeys.diff(r, path, until, since),
    queryFn: ({ signal }) =>
      apiClient.call('getSourceDiff', {
        params: { ...r },
        query: { path, until, since },
        signal,
        handleErrors: true,
      }),
  });

/**
 * Commits one file. Failures are the editor's to show in place (a 409 offers to reload the file), so
 * they are not also raised as the app's error messages.
 */
export function useSaveSourceFile(r: RepoCoordinates) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSourceFileBody) =>
      apiClient.call('saveSourceFile', { params: { ...r }, body, handleErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourceKeys.repo(r) }),
  });
}
