import { queryOptions } from '@tanstack/react-query';
import { apiClient, type RequestOptions } from '../lib/api-client';
import { workspaceKeys } from '../lib/workspace';

/**
 * One sub-model as every feature reads it (the sub-models workspace, the instance forms' calibration
 * choice): one fetcher and one query, under the workspace's key, so a sub-model the workspace has
 * loaded is not fetched again by another feature. The rest of the `sub-models` area's calls live in
 * features/sub-models/api, their only reader.
 */
type Opts = Pick<RequestOptions, 'signal' | 'handleErrors'>;

export const getSubModel = (uuid: string, subModelId: string, opts: Opts = {}) =>
  apiClient.call('getSubModel', { ...opts, params: { uuid, subModelId } });

export const subModelQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: workspaceKeys.subModel(uuid, subModelId),
    queryFn: ({ signal }) => getSubModel(uuid, subModelId, { signal, handleErrors: (e) => e.status === 404 }),
  });
