import type { CreateExecutionResult, OutputDownload, RunRecordView } from '@shared/schemas/execution-api';
import { queryOptions } from '@tanstack/react-query';
import { type ApiError, api } from '../../../lib/api-client';
import { getInstanceResult, instanceKeys, instancePath, modelPath } from './instances-api';

/**
 * The few calls of the executions area the instance screens make (spec 001 §5 "Instance actions").
 * Features do not import each other, so these sit here rather than in features/executions. Every
 * caller reports its failures itself (the spec's texts), so none goes to the global handler.
 */

const enc = encodeURIComponent;
const executionPath = (groupId: string, rest: string) => `/executions/${enc(groupId)}${rest}`;
/** 403 and 401 keep the global handling (access denied, sign-in); the rest the caller shows. */
const ownErrors = (e: ApiError) => e.status !== 401 && e.status !== 403;

/** Execute: create the execution group, then start it (the two requests of §5). */
export async function executeInstance(uuid: string, instanceId: string): Promise<CreateExecutionResult> {
  const created = await api.post<CreateExecutionResult>(
    modelPath(uuid, '/executions'),
    { instanceIds: [instanceId] },
    { handleErrors: ownErrors },
  );
  await api.post<unknown>(executionPath(created.groupId, '/start'), undefined, { handleErrors: ownErrors });
  return created;
}

export const cancelExecution = (groupId: string) =>
  api.post<unknown>(executionPath(groupId, '/cancel'), undefined, { handleErrors: ownErrors });

/** A presigned download of the run's outputs.zip, or with `path` of one output file (`?path=`). */
export const getOutputsDownload = (uuid: string, instanceId: string, path?: string) =>
  api.get<OutputDownload>(instancePath(uuid, instanceId, '/outputs'), {
    handleErrors: ownErrors,
    query: { path },
  });

export type GovernanceAction = 'accept' | 'unaccept' | 'supersede';

export const governInstance = (uuid: string, instanceId: string, action: GovernanceAction) =>
  api.post<unknown>(instancePath(uuid, instanceId, `/${action}`), undefined, { handleErrors: ownErrors });

/**
 * The reproducibility record of the latest run (404 when the run never reached the runner). The
 * detail page shows every failure in place: a record it may not read must not lead away from it.
 */
export const getInstanceRecord = (uuid: string, instanceId: string, opts: { signal?: AbortSignal } = {}) =>
  api.get<RunRecordView>(instancePath(uuid, instanceId, '/record'), { ...opts, handleErrors: true });

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
