import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /v2/access-requests. 409 (sent recently) is shown by the page; others go to the global handler. */
export function useRequestAccess() {
  return useMutation({
    mutationFn: () =>
      apiClient.call('requestAppAccess', {
        body: {},
        handleErrors: (e) => e.status === 409 || e.status === 403,
      }),
  });
}
