import type { ListModelsQuery } from '@shared/schemas/model-api';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ListUrlState, parseListUrl, toSearchParams, withQueryPatch } from './list-url-state';

/**
 * The list page's state, read from and written to the URL query (replace: no history spam).
 * `update` is stable and always starts from the latest URL: PrimeReact memoizes table rows and
 * dropdowns, which may call a handler from an earlier render, and react-router's functional
 * setSearchParams would then start from that render's (stale) query.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListUrl(params), [params]);
  const latest = useRef({ params, setParams });
  latest.current = { params, setParams };
  const update = useCallback((next: (current: ListUrlState) => ListUrlState) => {
    const nextParams = toSearchParams(next(parseListUrl(latest.current.params)));
    // Until the router re-renders, later updates in the same tick build on this one.
    latest.current.params = nextParams;
    latest.current.setParams(nextParams, { replace: true });
  }, []);
  const patchQuery = useCallback(
    (patch: Partial<ListModelsQuery>) => update((s) => withQueryPatch(s, patch)),
    [update],
  );
  return { state, update, patchQuery };
}
