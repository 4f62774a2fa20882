import {
  EXECUTED_STATUSES,
  type OutdateAfterFileChangeBody,
} from '@shared/executions/outdate-after-file-change';
import type {
  CallerFileList,
  FileChangeSetBodySchema,
  FileHistorySchema,
  FileShareBody,
} from '@shared/schemas/collaboration';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { apiClient, type RequestOptions } from '../lib/api-client';
import { workspaceKeys } from '../lib/workspace';
import { entryFilesQuery, entryKeys } from './entry';
import { modelKeys } from './models';

/**
 * The client of the file manager and file-level access (shared/schemas/collaboration.ts). Query keys
 * sit below the entry's key so that invalidating ['models', uuid] refreshes the detail, the file list
 * and every file's access list:
 *   ['models', uuid, 'files']                       the caller's file list (entryFilesQuery, ./entry.ts)
 *   ['models', uuid, 'files', fileUuid, 'access']   who a file is shared with
 *   ['models', uuid, 'files', fileUuid, 'history']  the versions of a file body
 */
export type FileChangeSetInput = z.input<typeof FileChangeSetBodySchema>;
export type FileHistory = z.infer<typeof FileHistorySchema>;

export const fileKeys = {
  list: entryKeys.files,
  access: (uuid: string, fileUuid: string) => [...modelKeys.files(uuid), fileUuid, 'access'] as const,
  history: (uuid: string, fileUuid: string) => [...modelKeys.files(uuid), fileUuid, 'history'] as const,
  /** Below the sub-models feature's key, so its writes refresh the Files dialog's step 2 too. */
  subModels: (uuid: string) => [...workspaceKeys.subModels(uuid), 'list', 'all'] as const,
  executedInstances: (uuid: string, subModelId: string) =>
    [...modelKeys.detail(uuid), 'executed-instances', subModelId] as const,
};

type Opts = Pick<RequestOptions, 'signal' | 'handleErrors'>;
/** The dialogs report failures themselves; 403 keeps the global rule (back to the model list). */
const OWN_ERRORS_BUT_403: Opts = { handleErrors: (e) => e.status !== 403 };

// ---------- fetchers ----------
/**
 * One save of the file manager. Every failure but 403 (global rule: back to the model list) is left
 * to the caller, which says 'Failed to update Files.' and lists the server's issues.
 */
export const saveFileChanges = (uuid: string, body: FileChangeSetInput, opts: Opts = {}) =>
  apiClient.call('updateFiles', { ...OWN_ERRORS_BUT_403, ...opts, params: { uuid }, body });

export const getFileAccess = (uuid: string, fileUuid: string, opts: Opts = {}) =>
  apiClient.call('getFileAccess', { ...opts, params: { uuid, fileUuid } });

/** Grant (ACTIVE) or stop sharing (INACTIVE); the dialog reports failures itself. */
export const setFileAccess = (uuid: string, fileUuid: string, body: FileShareBody) =>
  apiClient.call('setFileAccess', { ...OWN_ERRORS_BUT_403, params: { uuid, fileUuid }, body });

export const transferFileOwner = (uuid: string, fileUuid: string, userId: string) =>
  apiClient.call('transferFileOwner', {
    ...OWN_ERRORS_BUT_403,
    params: { uuid, fileUuid },
    body: { userId },
  });

export const getFileHistory = (uuid: string, fileUuid: string, opts: Opts = {}) =>
  apiClient.call('getFileHistory', { ...opts, params: { uuid, fileUuid } });

/**
 * The Files dialog's step 2 (000 §2; 001 §4 'Outdated'): the entry's sub-models of every section the
 * caller sees, how many executed instances each has, and the request that outdates them after a save.
 */
export const listEntrySubModels = (uuid: string, opts: Opts = {}) =>
  apiClient.call('listSubModels', { ...opts, params: { uuid }, handleErrors: true });

/**
 * How many of a sub-model's instances have been executed, as its instance list counts them (`total`;
 * hidden instances are not listed): a hint for the choice, the server's answer is the count that counts.
 */
export const countExecutedInstances = async (uuid: string, subModelId: string, opts: Opts = {}) =>
  (
    await apiClient.call('listInstances', {
      ...opts,
      params: { uuid },
      handleErrors: true,
      query: { executionSetupId: subModelId, status: EXECUTED_STATUSES.join(','), pageSize: 10 },
    })
  ).total;

/** The caller reports failures itself: the files are saved by then, whatever this answers. */
export const outdateInstancesAfterFileChange = (uuid: string, body: OutdateAfterFileChangeBody) =>
  apiClient.call('outdateInstances', { params: { uuid }, body, handleErrors: true });

// ---------- query options ----------
export const fileAccessQuery = (uuid: string, fileUuid: string) =>
  queryOptions({
    queryKey: fileKeys.access(uuid, fileUuid),
    queryFn: ({ signal }) => getFileAccess(uuid, fileUuid, { signal }),
    staleTime: 0,
  });

export const fileHistoryQuery = (uuid: string, fileUuid: string) =>
  queryOptions({
    queryKey: fileKeys.history(uuid, fileUuid),
    queryFn: ({ signal }) => getFileHistory(uuid, fileUuid, { signal }),
    staleTime: 0,
  });

export const entrySubModelsQuery = (uuid: string) =>
  queryOptions({
    queryKey: fileKeys.subModels(uuid),
    queryFn: ({ signal }) => listEntrySubModels(uuid, { signal }),
  });

export const executedInstancesQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: fileKeys.executedInstances(uuid, subModelId),
    queryFn: ({ signal }) => countExecutedInstances(uuid, subModelId, { signal }),
    staleTime: 0,
  });

// ---------- hooks ----------
/** The caller's file list (entryFilesQuery: one query and key for every screen that lists the files). */
export const useCallerFiles = (uuid: string | undefined, enabled = true) =>
  useQuery({ ...entryFilesQuery(uuid ?? ''), enabled: Boolean(uuid) && enabled });

/**
 * After a save: the answer is the new file list; the entry's detail (rev, fileCount), its access
 * lists and histories are stale, and so are the catalogue lists that show the entry.
 */
export function useFilesSaved(uuid: string) {
  const queryClient = useQueryClient();
  return (list: CallerFileList) => {
    queryClient.setQueryData(fileKeys.list(uuid), list);
    void queryClient.invalidateQueries({ queryKey: modelKeys.detail(uuid), exact: true });
    // Access lists and histories of single files sit below the list's key.
    void queryClient.invalidateQueries({
      queryKey: fileKeys.list(uuid),
      predicate: (q) => q.queryKey.length > fileKeys.list(uuid).length,
    });
    void queryClient.invalidateQueries({ queryKey: [...modelKeys.all, 'list'] });
  };
}

/** Share or stop sharing; the answer replaces the access list, the file list is refetched. */
export function useSetFileAccess(uuid: string, fileUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FileShareBody) => setFileAccess(uuid, fileUuid, body),
    onSuccess: (list) => {
      queryClient.setQueryData(fileKeys.access(uuid, fileUuid), list);
      void queryClient.invalidateQueries({ queryKey: fileKeys.list(uuid), exact: true });
    },
  });
}

export function useTransferFileOwner(uuid: string, fileUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => transferFileOwner(uuid, fileUuid, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.list(uuid) }),
  });
}

/**
 * The Files dialog's step 2: outdate the chosen sub-models' executed instances. After it the instance
 * lists (the 'Outdated' chip, Clone) and step 2's counts are stale; the instance screens keep their
 * queries below workspaceKeys.instances. The caller reports the outcome.
 */
export function useOutdateInstances(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutdateAfterFileChangeBody) => outdateInstancesAfterFileChange(uuid, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.instances(uuid) });
      void queryClient.invalidateQueries({ queryKey: [...modelKeys.detail(uuid), 'executed-instances'] });
    },
  });
}
