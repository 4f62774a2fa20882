/**
 * Lets non-React code (the API client, the session watcher) navigate with the router. The app
 * registers the router's navigate function at start; before that, a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let navigateFn: Navigate | undefined;

export function registerNavigate(fn: Navigate | undefined): void {
  navigateFn = fn;
}

/** Resolves once the router has moved to `to` (right away for a full page load). */
export async function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  if (navigateFn) await navigateFn(to, options);
  else window.location.assign(to);
}

/** The page the user is on (path + query), kept as the target when sign-in is needed. */
export function currentTarget(): string {
  return `${window.location.pathname}${window.location.search}`;
}
