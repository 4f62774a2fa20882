import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { currentUserQueryKey } from '../lib/current-user';

/**
 * Wraps `children` in a fresh query client without retries, so a failing call fails at once. With
 * `currentUser`, the client already holds what GET /users/me answered, as under the signed-in layout
 * (`useCurrentUser`).
 */
export function withQueryClient(children: ReactNode, { currentUser }: { currentUser?: CurrentUser } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (currentUser) client.setQueryData(currentUserQueryKey, currentUser);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
