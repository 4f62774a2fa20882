import type { AdminUserListQuery, EnrollUserBody, UpdateAdminUserBody } from '@shared/schemas/admin-users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';

/** The Admin Space's internal users (002 §2, §7): list, detail, enroll, type and activation, 'Find user'. */
export const adminUsersKey = ['admin-users'] as const;

export const adminUserListQuery = (query: AdminUserListQuery) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', query],
    queryFn: ({ signal }) => apiClient.call('listUsers', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One user; a 404 is the page's to handle ('User not found' and back to the list). */
export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'detail', id],
    queryFn: ({ signal }) =>
      apiClient.call('getUser', { params: { id }, signal, handleErrors: (e) => e.status === 404 }),
    retry: false,
  });

/** 'Find user': at most 10 people of the directory, non-personal accounts and unenrolled people included. */
export const directorySearchQuery = (name: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'directory', name],
    queryFn: ({ signal }) =>
      apiClient.call('searchDirectory', {
        query: { name, limit: 10, includeNpa: 'true', includeUnenrolled: 'true' },
        signal,
      }),
    enabled: name.trim().length >= 2,
  });

/** POST /v2/admin/users; a 409 is the page's to show ('{user} already exists in database'). */
export function useEnrollUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollUserBody) =>
      apiClient.call('enrollUser', { body, handleErrors: (e) => e.status === 409 }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminUsersKey }),
  });
}

/** PATCH /v2/admin/users/{id}: user type and/or active. */
export function useUpdateAdminUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAdminUserBody }) =>
      apiClient.call('updateUser', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
