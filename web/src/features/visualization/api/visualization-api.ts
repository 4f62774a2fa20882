import type { DisplayScenarios, InstanceOrderBy } from '@shared/schemas/instance-api';
import type { InstanceStatus } from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiError, apiClient } from '../../../lib/api-client';
import { workspaceKeys } from '../../../lib/workspace';

/**
 * The calls of the visualization flow (spec 001 §2 visualization routes, §4, §7). Features do not
 * import each other, so the flow has its own small client of the instances, sub-models and executions
 * areas. Keys are those of lib/workspace.ts below the entry's ['models', uuid]: the live status
 * channel invalidates ['models', uuid, 'instances'] on every status change, which refreshes the
 * analysis the result page follows and the instance table of step 1 without a poll of our own.
 */

/** 403 and 401 keep the global handling (access denied, sign-in); the rest the flow shows itself. */
const ownErrors = (e: ApiError) => e.status !== 401 && e.status !== 403;

export const visualizationKeys = {
  subModels: (uuid: string, type: SubModelType) => workspaceKeys.subModelList(uuid, type),
  list: (uuid: string, query: FlowListQuery) =>
    [...workspaceKeys.instances(uuid), 'list', 'flow', query] as const,
  groups: (uuid: string, subModelId: string) =>
    [...workspaceKeys.instances(uuid), 'groups', subModelId] as const,
  instance: (uuid: string, id: string) => workspaceKeys.instance(uuid, id),
  result: (uuid: string, id: string, groupId: string) =>
    [...workspaceKeys.instance(uuid, id), 'result', groupId] as const,
  inputs: (uuid: string, subModelId: string) => workspaceKeys.inputs(uuid, subModelId),
};

export const subModelsQuery = (uuid: string, type: SubModelType) =>
  queryOptions({
    queryKey: visualizationKeys.subModels(uuid, type),
    queryFn: ({ signal }) =>
      apiClient.call('listSubModels', { params: { uuid }, query: { type }, signal, handleErrors: true }),
  });

/** The instance table's query (step 1): one sub-model, a view and optional statuses or hidden ones. */
export interface FlowListQuery {
  executionSetupId: string;
  view: 'all' | 'mine';
  status?: readonly InstanceStatus[];
  query?: string;
  pageIndex: number;
  pageSize: number;
  orderBy: InstanceOrderBy;
  orderDesc: boolean;
  /** Only hidden analyses (Save Progress drafts): the server lists only those the caller may read. */
  hidden?: boolean;
}

export const flowListQuery = (uuid: string, q: FlowListQuery) =>
  queryOptions({
    queryKey: visualizationKeys.list(uuid, q),
    queryFn: ({ signal }) =>
      apiClient.call('listInstances', {
        params: { uuid },
        signal,
        query: {
          executionSetupId: q.executionSetupId,
          view: q.view,
          status: q.status && q.status.length > 0 ? q.status.join(',') : undefined,
          query: q.query?.trim() || undefined,
          pageIndex: q.pageIndex,
          pageSize: q.pageSize,
          orderBy: q.orderBy,
          orderDesc: q.orderDesc,
          hidden: q.hidden ? true : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const groupsQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: visualizationKeys.groups(uuid, subModelId),
    queryFn: ({ signal }) =>
      apiClient.call('listGroups', { params: { uuid }, query: { subModelId }, signal, handleErrors: true }),
    enabled: Boolean(subModelId),
  });

/** One instance (a selected scenario or the analysis); a 404 is shown by the page. */
export const instanceQuery = (uuid: string, id: string) =>
  queryOptions({
    queryKey: visualizationKeys.instance(uuid, id),
    queryFn: ({ signal }) =>
      apiClient.call('getInstance', {
        params: { uuid, instanceId: id },
        signal,
        handleErrors: (e) => e.status === 404,
      }),
    enabled: Boolean(id),
  });

export const inputsQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: visualizationKeys.inputs(uuid, subModelId),
    queryFn: ({ signal }) =>
      apiClient.call('listInputs', { params: { uuid, subModelId }, signal, handleErrors: true }),
    enabled: Boolean(subModelId),
  });

/** The analysis run's result, keyed by its execution group so a new run never shows the old numbers. */
export const resultQuery = (uuid: string, id: string, groupId: string) =>
  queryOptions({
    queryKey: visualizationKeys.result(uuid, id, groupId),
    queryFn: ({ signal }) =>
      apiClient.call('getInstanceResult', { params: { uuid, instanceId: id }, signal, handleErrors: true }),
    enabled: Boolean(id && groupId),
  });

// ---------- writes ----------

export const createAnalysis = (
  uuid: string,
  displaySubModelId: string,
  body: { name: string; displayScenarios: DisplayScenarios },
) =>
  apiClient.call('createInstance', {
    params: { uuid, subModelId: displaySubModelId },
    body: { ...body, hidden: true },
    handleErrors: ownErrors,
  });

export const setDisplayScenarios = (uuid: string, id: string, displayScenarios: DisplayScenarios) =>
  apiClient.call('updateInstance', {
    params: { uuid, instanceId: id },
    body: { displayScenarios },
    handleErrors: ownErrors,
  });

/** Save Progress 'Update current': the draft's name and its displayed scenarios (§4, §5). */
export const updateDraftAnalysis = (
  uuid: string,
  id: string,
  body: { name?: string; displayScenarios: DisplayScenarios },
) =>
  apiClient.call('updateInstance', {
    params: { uuid, instanceId: id },
    body,
    handleErrors: ownErrors,
  });

export const putAnalysisInputs = (uuid: string, id: string, body: { modelInputId: string; value: string }) =>
  apiClient.call('putInstanceInputs', { params: { uuid, instanceId: id }, body, handleErrors: ownErrors });

/** Create the execution group, then start it (§7 "create execution (returns groupId)"). */
export async function executeAnalysis(uuid: string, id: string): Promise<{ groupId: string }> {
  const created = await apiClient.call('createExecution', {
    params: { uuid },
    body: { instanceIds: [id] },
    handleErrors: ownErrors,
  });
  await apiClient.call('startExecution', { params: { groupId: created.groupId }, handleErrors: ownErrors });
  return created;
}

export const cancelExecution = (groupId: string) =>
  apiClient.call('cancelExecution', { params: { groupId }, handleErrors: ownErrors });

export const governInstance = (uuid: string, id: string, action: 'accept' | 'unaccept' | 'supersede') =>
  apiClient.call(
    action === 'accept' ? 'acceptInstance' : action === 'unaccept' ? 'unacceptInstance' : 'supersedeInstance',
    { params: { uuid, instanceId: id }, handleErrors: ownErrors },
  );

/** Copy (the instance's Clone): a new DRAFT of the caller with every value; a taken name is the dialog's. */
export const copyInstance = (uuid: string, id: string, name: string) =>
  apiClient.call('cloneInstance', {
    params: { uuid, instanceId: id },
    body: { name },
    handleErrors: (e) => e.status === 409 || e.status === 400,
  });

/** Dragging an instance into or out of a group sets the group's instances. */
export const setGroupInstances = (uuid: string, groupId: string, scenarioIds: string[]) =>
  apiClient.call('updateGroup', {
    params: { uuid, groupId },
    body: { scenarioIds },
    handleErrors: ownErrors,
  });

export const deleteInstance = (uuid: string, id: string) =>
  apiClient.call('deleteInstance', { params: { uuid, instanceId: id }, handleErrors: ownErrors });

export const getOutputsDownload = (uuid: string, id: string, path?: string) =>
  apiClient.call('getInstanceOutputs', {
    params: { uuid, instanceId: id },
    query: { path },
    handleErrors: ownErrors,
  });

export const listShareCandidates = (uuid: string, id: string, query: string, signal?: AbortSignal) =>
  apiClient.call('listShareCandidates', {
    params: { uuid, instanceId: id },
    query: { query: query || undefined },
    signal,
    handleErrors: true,
  });

export const shareAnalysis = (uuid: string, id: string, body: { isids: string[]; messageText: string }) =>
  apiClient.call('shareInstance', { params: { uuid, instanceId: id }, body, handleErrors: ownErrors });

/** Save or Update Analysis: names the analysis and un-hides it; a taken name (409) is the dialog's. */
export const saveAnalysis = (uuid: string, id: string, name: string) =>
  apiClient.call('saveAnalysis', {
    params: { uuid, instanceId: id },
    body: { name },
    handleErrors: (e) => e.status === 409 || e.status === 422,
  });
