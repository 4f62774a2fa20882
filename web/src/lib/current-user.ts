import type { CurrentUser } from '@shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

export const currentUserQueryKey = ['users', 'me'] as const;

/**
 * GET /v2/users/me. Failures are handled by the app start (002 §4: network/504/404 → login page,
 * 403 → access-denied page), not by the global handler; 401 still triggers a re-login.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => apiClient.call('getCurrentUser', { handleErrors: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCurrentUser(): CurrentUser {
  const { data } = useQuery(currentUserQuery());
  // The protected layout renders its children only once the current user has loaded.
  if (!data) throw new Error('useCurrentUser() outside the signed-in layout');
  return data;
}

export const fullName = (user: Pick<CurrentUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

export const isExternalUser = (user: Pick<CurrentUser, 'userType'>) => user.userType === 'EXTERNALUSER';
export const isAdministrator = (user: Pick<CurrentUser, 'userType'>) => user.userType === 'SUPERUSER';
