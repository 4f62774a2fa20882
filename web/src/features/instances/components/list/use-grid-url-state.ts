import { useCallback } from 'react';
import { useUrlState } from '../../../../lib/use-url-state';
import { type GridPatch, parseGridUrl, patchGrid, toGridParams } from './list-url-state';

/**
 * The instance list's grid state in the URL query (lib/use-url-state.ts: read at once, written with
 * replace). `patch` is stable.
 */
export function useGridUrlState() {
  const { state, update } = useUrlState(parseGridUrl, toGridParams);
  const patch = useCallback((change: GridPatch) => update((s) => patchGrid(s, change)), [update]);
  return { state, patch };
}
