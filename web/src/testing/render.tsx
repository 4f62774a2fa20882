import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A fresh query client without retries, so a failing call fails at once. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Wraps `children` in `client` (default: a fresh {@link testQueryClient}). */
export function withQueryClient(children: ReactNode, client: QueryClient = testQueryClient()) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
