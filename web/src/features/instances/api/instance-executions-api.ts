import type { CreateExecutionResult } from '@shared/schemas/execution-api';
import { queryOptions } from '@tanstack/react-query';
import { type ApiError, apiClient } from '../../../lib/api-client';
import { getInstanceResult, instanceKeys } from './instances-api';

/**
 * The few calls of the executions area the instance screens make (spec 001 §5 "Instance actions").
 * Features do not import each other, so these sit here rather than in features/executions. Every
 * caller reports its failures itself (the spec's texts), so none goes to the global handler.
 */

/** 403 and 401 keep the global handling (access denied, sign-in); the rest the caller shows. */
const ownErrors = (e: ApiError) => e.status !== 401 && e.status !== 403;

/** Execute: create the execution group, then start it (the two requests of §5). */
export async function executeInstance(uuid: string, instanceId: string): Promise<CreateExecutionResult> {
  const created = await apiClient.call('createExecution', {
    params: { uuid },
    body: { instanceIds: [instanceId] },
    handleErrors: ownErrors,
  });
  await apiClient.call('startExecution', { params: { groupId: created.groupId }, handleErrors: ownErrors });
  return created;
}

export const cancelExecution = (groupId: string) =>
  apiClient.call('cancelExecution', { params: { groupId }, handleErrors: ownErrors });

/** A presigned download of the run's outputs.zip, or with `path` of one output file (`?path=`). */
export const getOutputsDownload = (uuid: string, instanceId: string, path?: string) =>
  apiClient.call('getInstanceOutputs', {
    params: { uuid, instanceId },
    handleErrors: ownErrors,
    query: { path },
  });

const GOVERNANCE = {
  accept: 'acceptInstance',
  unaccept: 'unacceptInstance',
  supersede: 'supersedeInstance',
} as const;
export type GovernanceAction = keyof typeof GOVERNANCE;

export const governInstance = (uuid: string, instanceId: string, action: GovernanceAction) =>
  apiClient.call(GOVERNANCE[action], { params: { uuid, instanceId }, handleErrors: ownErrors });

/**
 * The reproducibility record of the latest run (404 when the run never reached the runner). The
 * detail page shows every failure in place: a record it may not read must not lead away from it.
 */
export const getInstanceRecord = (uuid: string, instanceId: string, opts: { signal?: AbortSignal } = {}) =>
  apiClient.call('getInstanceRecord', { ...opts, params: { uuid, instanceId }, handleErrors: true });

/*
 * A run's result and record are keyed by the instance's execution group as well: a new run is a new
 * group, so the page never shows the previous run's numbers while the new ones load. Both sit below
 * the instance's key, so the live status channel's refresh of the entry's instances refreshes them.
 */
export const instanceResultQuery = (uuid: string, instanceId: string, groupId: string | undefined) =>
  queryOptions({
    queryKey: [...instanceKeys.result(uuid, instanceId), groupId ?? ''] as const,
    queryFn: ({ signal }) => getInstanceResult(uuid, instanceId, { signal }),
  });

export const instanceRecordQuery = (uuid: string, instanceId: string, groupId: string | undefined) =>
  queryOptions({
    queryKey: [...instanceKeys.record(uuid, instanceId), groupId ?? ''] as const,
    queryFn: ({ signal }) => getInstanceRecord(uuid, instanceId, { signal }),
  });
