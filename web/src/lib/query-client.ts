import { LIMITS } from '@shared/constants';
import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. No retries (the API client already refreshes tokens on 401, and repeated failing
 * calls would repeat the error messages) and no refetch on focus (each call counts as session activity).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: LIMITS.dataCacheMs },
      mutations: { retry: false },
    },
  });
}
