import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type GridPatch, parseGridUrl, patchGrid, toGridParams } from './list-url-state';

/**
 * The instance list's grid state, kept in the URL query (replace: no history spam). As the model
 * list does (features/models/.../use-list-url-state.ts), the page reads the last choice at once rather
 * than waiting for the router to show the new URL (a navigation reruns the signed-in loader first);
 * a URL that changes from elsewhere (back button, a link) replaces it. `patch` is stable.
 */
export function useGridUrlState() {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState(() => params.toString());
  const written = useRef<string[]>([]);
  const [seen, setSeen] = useState(() => params.toString());

  const fromUrl = params.toString();
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    const ours = written.current.indexOf(fromUrl);
    if (ours >= 0) written.current.splice(0, ours + 1);
    else {
      written.current = [];
      setChosen(fromUrl);
    }
  }

  const state = useMemo(() => parseGridUrl(new URLSearchParams(chosen)), [chosen]);
  const latest = useRef({ chosen, setParams });
  latest.current = { chosen, setParams };

  const patch = useCallback((change: GridPatch) => {
    const next = toGridParams(patchGrid(parseGridUrl(new URLSearchParams(latest.current.chosen)), change));
    const query = next.toString();
    latest.current.chosen = query;
    written.current.push(query);
    setChosen(query);
    latest.current.setParams(next, { replace: true });
  }, []);
  return { state, patch };
}
