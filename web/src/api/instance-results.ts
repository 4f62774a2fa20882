import { queryOptions } from '@tanstack/react-query';
import { apiClient, type RequestOptions } from '../lib/api-client';
import { workspaceKeys } from '../lib/workspace';

/**
 * An instance's latest run: its result (for a failed or cancelled one, its error: §7 "get error") and
 * its reproducibility record. Keys sit below the instance's key (lib/workspace.ts), so the live status
 * channel's refresh of the entry's instances refreshes them.
 */
type Opts = Pick<RequestOptions, 'signal' | 'handleErrors'>;

export const instanceResultKeys = {
  result: (uuid: string, id: string) => [...workspaceKeys.instance(uuid, id), 'result'] as const,
  record: (uuid: string, id: string) => [...workspaceKeys.instance(uuid, id), 'record'] as const,
};

/** Only finished instances have a result; failures leave the detail without it. */
export const getInstanceResult = (uuid: string, id: string, opts: Opts = {}) =>
  apiClient.call('getInstanceResult', { ...opts, params: { uuid, instanceId: id }, handleErrors: true });

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
    queryKey: [...instanceResultKeys.result(uuid, instanceId), groupId ?? ''] as const,
    queryFn: ({ signal }) => getInstanceResult(uuid, instanceId, { signal }),
  });

export const instanceRecordQuery = (uuid: string, instanceId: string, groupId: string | undefined) =>
  queryOptions({
    queryKey: [...instanceResultKeys.record(uuid, instanceId), groupId ?? ''] as const,
    queryFn: ({ signal }) => getInstanceRecord(uuid, instanceId, { signal }),
  });
