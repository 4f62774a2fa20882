import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths, type SignedOutReason } from '../../../config/paths';
import { signOutEverywhere } from '../../../lib/auth';
import { navigateTo } from '../../../lib/navigation';

/** Logout keeps application data (settings, version); everything about the user goes (002 §4). */
export function resetUserState(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => !['settings', 'version'].includes(String(q.queryKey[0])) });
}

/**
 * Leaves the signed-in screens for the welcome page, then forgets the user's data. In that order:
 * a query removed while its screen is still mounted is fetched again at once, with a token that is
 * gone (a 401 for every list and option query).
 */
export async function leaveSignedInArea(queryClient: QueryClient, href: string): Promise<void> {
  await queryClient.cancelQueries();
  await navigateTo(href, { replace: true });
  resetUserState(queryClient);
}

export interface LogoutOptions {
  /** The page to return to after signing in again. */
  redirectTo?: string;
  /** Why the app signs the user out; the welcome page says so. */
  reason?: SignedOutReason;
}

/**
 * Signs out: from the first step on the API client sends no authenticated call (the session is
 * marked logged out for every tab), then the signed-in screens are left and their data dropped.
 */
export async function logout(queryClient: QueryClient, options: LogoutOptions = {}): Promise<void> {
  await signOutEverywhere();
  await leaveSignedInArea(queryClient, paths.landing.getHref(options.redirectTo, options.reason));
}

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => logout(queryClient), [queryClient]);
}
