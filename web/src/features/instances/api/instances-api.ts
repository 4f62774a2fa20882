import type {
  InstanceDetail,
  InstanceOrderBy,
  InstanceSummary,
  ParameterFileTicket,
} from '@shared/schemas/instance-api';
import type { ModelInputView, SubModelView } from '@shared/schemas/sub-models-api';
import type { InstanceStatus } from '@shared/sub-models/instances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { entryKeys } from '../../../api/entry';
import { putPresigned } from '../../../api/presigned-upload';
import { ApiError, apiClient, type RequestOptions } from '../../../lib/api-client';
import { workspaceKeys } from '../../../lib/workspace';

/**
 * The client of the instances area and of the parts of the sub-models area the instance screens read
 * (input definitions, groups). Query keys sit below the entry's ['models', uuid] as lib/workspace.ts
 * lays them out, so the workspace's instance (header tile) and these share one cache entry, and
 * invalidating ['models', uuid, 'instances'] after a write refreshes every list, detail and group:
 *   ['models', uuid, 'instances', id] (detail) · ['models', uuid, 'instances', 'list', query] ·
 *   ['models', uuid, 'instances', 'groups', subModelId] · ['models', uuid, 'instances', 'names', subModelId] ·
 *   ['models', uuid, 'sub-models', subModelId, 'inputs'(, inputId)] · ['models', uuid, 'expertise', userId]
 */

type Opts = Pick<RequestOptions, 'signal' | 'handleErrors'>;

/** The list query as the screens hold it (the server's names and defaults; §3 "Scenario list query"). */
export interface InstanceListQuery {
  executionSetupId: string;
  status?: InstanceStatus[];
  name?: string;
  createdBy?: string[];
  createdOnMonth?: number;
  query?: string;
  /** The index of the first row (an offset, §3). */
  pageIndex: number;
  pageSize: number;
  orderBy: InstanceOrderBy;
  orderDesc: boolean;
}

export type InstanceDetailView = InstanceDetail;

export interface UserExpertise {
  userId: string;
  expertiseTypeLevel: 250 | 500 | 750 | 1000;
  subModelIdList: string[];
}

export const instanceKeys = {
  all: (uuid: string) => workspaceKeys.instances(uuid),
  lists: (uuid: string) => [...workspaceKeys.instances(uuid), 'list'] as const,
  list: (uuid: string, query: InstanceListQuery) =>
    [...workspaceKeys.instances(uuid), 'list', query] as const,
  detail: (uuid: string, id: string) => workspaceKeys.instance(uuid, id),
  groups: (uuid: string, subModelId: string) =>
    [...workspaceKeys.instances(uuid), 'groups', subModelId] as const,
  memberNames: (uuid: string, subModelId: string) =>
    [...workspaceKeys.instances(uuid), 'names', subModelId] as const,
  inputs: (uuid: string, subModelId: string) => workspaceKeys.inputs(uuid, subModelId),
  input: (uuid: string, subModelId: string, inputId: string) =>
    [...workspaceKeys.inputs(uuid, subModelId), inputId] as const,
  /** The models feature reads User Settings under the same key and shape. */
  expertise: entryKeys.expertise,
};

/** Query string of the list: lists travel comma-separated, empty values are left out. */
export function listQueryString(q: InstanceListQuery): Record<string, string | number | boolean | undefined> {
  const csv = (values?: readonly string[]) => (values && values.length > 0 ? values.join(',') : undefined);
  return {
    executionSetupId: q.executionSetupId,
    status: csv(q.status),
    name: q.name || undefined,
    createdBy: csv(q.createdBy),
    createdOnMonth: q.createdOnMonth,
    query: q.query?.trim() || undefined,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    orderBy: q.orderBy,
    orderDesc: q.orderDesc,
  };
}

// ---------- reads ----------

export const listInstances = (uuid: string, q: InstanceListQuery, opts: Opts = {}) =>
  apiClient.call('listInstances', { ...opts, params: { uuid }, query: listQueryString(q) });

export const getInstance = (uuid: string, id: string, opts: Opts = {}) =>
  apiClient.call('getInstance', { ...opts, params: { uuid, instanceId: id } });

export const listInputs = (uuid: string, subModelId: string, opts: Opts = {}) =>
  apiClient.call('listInputs', { ...opts, params: { uuid, subModelId } });

export const getInput = (uuid: string, subModelId: string, inputId: string, opts: Opts = {}) =>
  apiClient.call('getInput', { ...opts, params: { uuid, subModelId, inputId } });

export const getExpertise = (uuid: string, userId: string, opts: Opts = {}) =>
  apiClient.call('getUserExpertise', { ...opts, params: { uuid, userId } });

export const listGroups = (uuid: string, subModelId: string, opts: Opts = {}) =>
  apiClient.call('listGroups', { ...opts, params: { uuid }, query: { subModelId } });

export const checkInstanceName = (uuid: string, name: string, instanceId?: string, opts: Opts = {}) =>
  apiClient.call('checkInstanceName', {
    ...opts,
    params: { uuid },
    body: { name, ...(instanceId ? { instanceId } : {}) },
  });

export const listShareCandidates = (uuid: string, id: string, query: string, opts: Opts = {}) =>
  apiClient.call('listShareCandidates', {
    ...opts,
    params: { uuid, instanceId: id },
    query: { query: query || undefined },
  });

// ---------- writes ----------

/** A 409 or 422 from a name write is shown at the field; the caller takes those over. */
const fieldErrors = (e: ApiError) => e.status === 409 || e.status === 422;

export const createInstance = (
  uuid: string,
  subModelId: string,
  body: { name: string; label?: string; calibrationInstanceId?: string },
) => apiClient.call('createInstance', { params: { uuid, subModelId }, body, handleErrors: fieldErrors });

/**
 * The accepted calibration a scenario of a linked sub-model runs with (001 §5; Execute may change it),
 * saved by the parameters editor: a refusal is shown by the global handler, as the values' save is.
 */
export const setInstanceCalibration = (uuid: string, id: string, calibrationInstanceId: string) =>
  apiClient.call('updateInstance', { params: { uuid, instanceId: id }, body: { calibrationInstanceId } });

export const renameInstance = (uuid: string, id: string, name: string) =>
  apiClient.call('updateInstance', {
    params: { uuid, instanceId: id },
    body: { name },
    handleErrors: fieldErrors,
  });

export const cloneInstance = (uuid: string, id: string, name: string) =>
  apiClient.call('cloneInstance', {
    params: { uuid, instanceId: id },
    body: { name },
    handleErrors: fieldErrors,
  });

export const setInstanceLabel = (uuid: string, id: string, label: string) =>
  apiClient.call('setInstanceLabel', { params: { uuid, instanceId: id }, body: { label } });

export const deleteInstance = (uuid: string, id: string) =>
  apiClient.call('deleteInstance', { params: { uuid, instanceId: id } });

export const putInstanceInputs = (uuid: string, id: string, body: { modelInputId: string; value: string }) =>
  apiClient.call('putInstanceInputs', { params: { uuid, instanceId: id }, body });

export const shareInstance = (uuid: string, id: string, body: { isids: string[]; messageText: string }) =>
  apiClient.call('shareInstance', {
    params: { uuid, instanceId: id },
    body,
    handleErrors: (e) => e.status === 422,
  });

export const stopSharing = (uuid: string, id: string, userId: string) =>
  apiClient.call('stopSharing', { params: { uuid, instanceId: id, userId }, body: { status: 'INACTIVE' } });

export const createGroup = (
  uuid: string,
  body: { executionSetupId: string; name: string; scenarioIds: string[] },
) => apiClient.call('createGroup', { params: { uuid }, body, handleErrors: fieldErrors });

export const updateGroup = (uuid: string, groupId: string, body: { name?: string; scenarioIds?: string[] }) =>
  apiClient.call('updateGroup', {
    params: { uuid, groupId },
    body,
    handleErrors: body.name === undefined ? false : fieldErrors,
  });

export const deleteGroup = (uuid: string, groupId: string) =>
  apiClient.call('deleteGroup', { params: { uuid, groupId } });

/** Asks for a presigned PUT for a parameter file (§5; the server repeats the size and extension rules). */
export const requestParameterFile = (
  uuid: string,
  id: string,
  body: { parameterName: string; fileName: string; size: number },
) => apiClient.call('createParameterFile', { params: { uuid, instanceId: id }, body, handleErrors: true });

/** PUTs a parameter file to its presigned URL (web/src/api/presigned-upload.ts). */
export const putParameterFile = (
  upload: ParameterFileTicket['upload'],
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> => putPresigned(upload, file, { onProgress, signal });

// ---------- query options and hooks ----------

export const instanceListQuery = (uuid: string, q: InstanceListQuery) =>
  queryOptions({
    queryKey: instanceKeys.list(uuid, q),
    queryFn: ({ signal }) => listInstances(uuid, q, { signal }),
    placeholderData: keepPreviousData,
  });

export const instanceDetailQuery = (uuid: string, id: string) =>
  queryOptions({
    queryKey: instanceKeys.detail(uuid, id),
    queryFn: ({ signal }) => getInstance(uuid, id, { signal, handleErrors: (e) => e.status === 404 }),
    enabled: Boolean(id),
  });

export const groupsQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: instanceKeys.groups(uuid, subModelId),
    queryFn: ({ signal }) => listGroups(uuid, subModelId, { signal }),
    enabled: Boolean(subModelId),
  });

/**
 * The input definition new instances of a sub-model use: the newest of its definition type (the list
 * is ordered by modifiedOn, newest first), else the newest of any type.
 */
export function definitionInput(
  inputs: readonly ModelInputView[] | undefined,
  definitionType: SubModelView['definitionType'] | undefined,
): ModelInputView | undefined {
  if (!inputs) return undefined;
  return inputs.find((i) => i.type === definitionType) ?? inputs[0];
}

export function useDefinitionInput(uuid: string, subModel: SubModelView | undefined) {
  const subModelId = subModel?.id ?? '';
  const query = useQuery({
    queryKey: instanceKeys.inputs(uuid, subModelId),
    queryFn: ({ signal }) => listInputs(uuid, subModelId, { signal, handleErrors: true }),
    enabled: Boolean(subModelId),
  });
  return { ...query, input: definitionInput(query.data?.items, subModel?.definitionType) };
}

/** The input definition an instance's values belong to (its `modelInputId`). */
export function useInstanceInput(uuid: string, subModelId: string, inputId: string | undefined) {
  return useQuery({
    queryKey: instanceKeys.input(uuid, subModelId, inputId ?? ''),
    queryFn: ({ signal }) =>
      getInput(uuid, subModelId, inputId ?? '', { signal, handleErrors: (e) => e.status === 404 }),
    enabled: Boolean(subModelId && inputId),
  });
}

/**
 * The caller's expertise level on the entry (User Settings; default 500). A caller who may not read
 * it, or an answer that fails, keeps the default.
 */
export function useExpertiseLevel(uuid: string, userId: string): { level: number; isPending: boolean } {
  const { data, isPending, isError } = useQuery({
    queryKey: instanceKeys.expertise(uuid, userId),
    queryFn: ({ signal }) => getExpertise(uuid, userId, { signal, handleErrors: true }),
    staleTime: 60_000,
  });
  return { level: data?.expertiseTypeLevel ?? 500, isPending: isPending && !isError };
}

/** Names of a sub-model's instances (group members may be on any page of the list). */
export function useInstanceNames(uuid: string, subModelId: string, enabled: boolean) {
  return useQuery({
    queryKey: instanceKeys.memberNames(uuid, subModelId),
    queryFn: async ({ signal }) => {
      const page = await listInstances(
        uuid,
        { executionSetupId: subModelId, pageIndex: 0, pageSize: 1000, orderBy: 'name', orderDesc: false },
        { signal, handleErrors: true },
      );
      return new Map(page.items.map((i: InstanceSummary) => [i.id, i.name]));
    },
    enabled: enabled && Boolean(subModelId),
  });
}

/** The server's message of a refused write, or undefined. */
export const apiMessage = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.body?.message : undefined;
