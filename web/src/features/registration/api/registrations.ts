import type { RegistrationDecision, SelfRegistrationBody } from '@shared/schemas/registration';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /v2/registrations (public, no token). The page shows the server's answer to a bad code (400,
 * 409) or too many attempts (429) itself, next to the form (002 §7 "Registration 409 or 400 shows the
 * server error"); anything else goes to the global handler.
 */
export function useSubmitRegistration() {
  return useMutation({
    mutationFn: (body: SelfRegistrationBody) =>
      apiClient.call('submitRegistration', {
        body,
        auth: false,
        touchesSession: false,
        handleErrors: (e) => e.status === 400 || e.status === 409 || e.status === 429,
      }),
  });
}

export const pendingRegistrationsQuery = () =>
  queryOptions({
    queryKey: ['registrations', 'pending'] as const,
    queryFn: ({ signal }) => apiClient.call('listPendingRegistrations', { signal }),
  });

/** POST /v2/registrations/review; the list is read again afterwards, whatever the outcome. */
export function useReviewRegistrations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decisions: RegistrationDecision[]) =>
      apiClient.call('reviewRegistrations', { body: decisions }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['registrations'] }),
  });
}
