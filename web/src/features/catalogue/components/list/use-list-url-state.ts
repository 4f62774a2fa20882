import type { ListModelsQuery } from '@shared/schemas/model-api';
import { useCallback } from 'react';
import { useUrlState } from '../../../../lib/use-url-state';
import { parseListUrl, toSearchParams, withQueryPatch } from './list-url-state';

/**
 * The list page's state in the URL query (lib/use-url-state.ts: read at once, written with replace).
 * `patchQuery` changes the search and goes back to the first page.
 */
export function useListUrlState() {
  const { state, update } = useUrlState(parseListUrl, toSearchParams);
  const patchQuery = useCallback(
    (patch: Partial<ListModelsQuery>) => update((s) => withQueryPatch(s, patch)),
    [update],
  );
  return { state, update, patchQuery };
}
