import { vi } from 'vitest';

/**
 * Catches the app's hand-offs to the browser outside the router (a presigned download's
 * `window.location.assign`, the reload on the folder tab) at the global they go through, so a test
 * sees them whichever copy of the calling module it runs with. The web project runs its files in one
 * module graph per worker (`isolate: false`): mocking the calling module with `vi.mock` misses it when
 * an earlier file has already loaded its importers. vitest restores the spy after each file; call
 * `vi.restoreAllMocks()` to restore it sooner.
 */
export function stubLocationAssign() {
  const assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}
