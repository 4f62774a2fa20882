import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '../../../config/paths';
import { signOutEverywhere } from '../../../lib/auth';
import { navigateTo } from '../../../lib/navigation';

/** Logout keeps application data (settings, version); everything about the user goes (002 §4). */
export function resetUserState(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => !['settings', 'version'].includes(String(q.queryKey[0])) });
}

export async function logout(queryClient: QueryClient, redirectTo?: string): Promise<void> {
  await signOutEverywhere();
  resetUserState(queryClient);
  navigateTo(paths.landing.getHref(redirectTo), { replace: true });
}

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => logout(queryClient), [queryClient]);
}
