import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';

/**
 * The model entry every feature reads: its query keys and the two reads the entry's pages share.
 * Everything about one entry sits below ['models', uuid] (lib/workspace.ts lays out the sub-models'
 * and instances' keys there too), so invalidating the entry after a write refreshes its detail,
 * files, roles, User Settings, sub-models and instances at once; ['models'] also covers the lists.
 */
export const entryKeys = {
  all: ['models'] as const,
  detail: (uuid: string) => ['models', uuid] as const,
  files: (uuid: string) => ['models', uuid, 'files'] as const,
  roles: (uuid: string) => ['models', uuid, 'roles'] as const,
  expertise: (uuid: string, userId: string) => ['models', uuid, 'expertise', userId] as const,
  helpFiles: (uuid: string) => ['models', uuid, 'help-files'] as const,
};

/** The entry's detail; a 404 (deleted, or never there) is left to the page. */
export const entryQuery = (uuid: string) =>
  queryOptions({
    queryKey: entryKeys.detail(uuid),
    queryFn: ({ signal }) =>
      apiClient.call('getModel', { params: { uuid }, signal, handleErrors: (e) => e.status === 404 }),
  });

/**
 * The caller's file list of the entry: the one query of it (the detail's Folder tab, the file manager,
 * downloads, Text View, New Model Version, the sub-model dialog). Every file write refreshes it
 * through this key (api/files.ts useFilesSaved; invalidating the entry's key covers it too).
 */
export const entryFilesQuery = (uuid: string) =>
  queryOptions({
    queryKey: entryKeys.files(uuid),
    queryFn: ({ signal }) => apiClient.call('listModelFiles', { params: { uuid }, signal }),
  });
