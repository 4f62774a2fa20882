import { queryOptions } from '@tanstack/react-query';
import { type ApiError, apiClient } from '../lib/api-client';

/**
 * What the change from one version to another did to the results (issue 18 §6, docs/versions.md
 * "Results"): the same-named scenarios' result tables compared, and the scenarios that ran on one
 * side only. Kept beside, not inside, api/versions.ts: the Version Control tab's compare mode reads it.
 */
/** The section says a refused comparison in place; 401, 403 and 5xx keep the global handling. */
const shownInPlace = (e: ApiError) =>
  e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403;

export const versionResultsKeys = {
  results: (uuid: string, otherUuid: string) => ['versions', 'compare', uuid, otherUuid, 'results'] as const,
};

export const compareResultsQuery = (uuid: string, otherUuid: string) =>
  queryOptions({
    queryKey: versionResultsKeys.results(uuid, otherUuid),
    queryFn: ({ signal }) =>
      apiClient.call('compareResults', { params: { uuid, otherUuid }, signal, handleErrors: shownInPlace }),
  });
