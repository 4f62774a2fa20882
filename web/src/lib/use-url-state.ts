import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A page's state kept in the URL query (replace: no history spam), so that a reload or a shared link
 * shows the same screen. `parse` reads the state from a query and `toParams` writes it back; both
 * are module-level functions of the page's URL format (the hook keeps the first ones it is given).
 *
 * The page reads what the user chose at once, not when the URL has caught up: a URL change is a
 * navigation, and the router first runs the signed-in area's loader again (it checks the session),
 * which held every search, page and sort back by that check. So `state` comes from the last
 * choice; a URL that changes from elsewhere (back button, a link) replaces it.
 *
 * `update` is stable and always starts from the latest choice: PrimeReact memoizes table rows and
 * dropdowns, which may call a handler from an earlier render.
 */
export function useUrlState<S>(
  parse: (params: URLSearchParams) => S,
  toParams: (state: S) => URLSearchParams,
): { state: S; update: (next: (current: S) => S) => void } {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState(() => params.toString());
  // URL queries this hook wrote that the router has not shown yet.
  const written = useRef<string[]>([]);
  const [seen, setSeen] = useState(() => params.toString());
  const format = useRef({ parse, toParams }).current;

  const fromUrl = params.toString();
  if (fromUrl !== seen) {
    // Adjusting state while rendering (React's documented pattern for "state from props").
    setSeen(fromUrl);
    const ours = written.current.indexOf(fromUrl);
    if (ours >= 0) written.current.splice(0, ours + 1);
    else {
      written.current = [];
      setChosen(fromUrl);
    }
  }

  const state = useMemo(() => format.parse(new URLSearchParams(chosen)), [chosen, format]);
  const latest = useRef({ chosen, setParams });
  latest.current = { chosen, setParams };

  const update = useCallback(
    (next: (current: S) => S) => {
      const nextParams = format.toParams(next(format.parse(new URLSearchParams(latest.current.chosen))));
      const query = nextParams.toString();
      // Until React re-renders, later updates in the same tick build on this one.
      latest.current.chosen = query;
      written.current.push(query);
      setChosen(query);
      latest.current.setParams(nextParams, { replace: true });
    },
    [format],
  );
  return { state, update };
}
