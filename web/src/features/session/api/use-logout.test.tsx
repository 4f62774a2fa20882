import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../lib/api-client';
import { signOutEverywhere } from '../../../lib/auth';
import { registerNavigate } from '../../../lib/navigation';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { logout } from './use-logout';

function ModelList() {
  const { data } = useQuery({
    queryKey: ['models', 'list'],
    queryFn: ({ signal }) => request<{ names: string[] }>('/models', { signal }),
  });
  return <p>{data ? data.names.join(', ') : 'loading'}</p>;
}

describe('logout', () => {
  beforeEach(() => {
    configureTestApi();
    // Signing out ends the idle session as lib/auth does (the setup file's stand-in, testing/auth-stub.ts).
    vi.mocked(signOutEverywhere).mockImplementation(async () => {
      window.localStorage.setItem('mr.session.expiresAt', '-1');
    });
  });
  afterEach(() => {
    registerNavigate(undefined);
    vi.unstubAllGlobals();
  });

  it('leaves the signed-in screens before dropping their data, and sends no call after signing out', async () => {
    const fetchMock = stubFetch(on('GET', '/models', () => json(200, { names: ['Melanoma model'] })));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(['settings'], { kept: true });
    const router = createMemoryRouter(
      [
        { path: '/model', element: <ModelList /> },
        { path: '/landingPage', element: <p>welcome</p> },
      ],
      { initialEntries: ['/model'] },
    );
    const dataWhenLeaving: unknown[] = [];
    registerNavigate(async (to, options) => {
      dataWhenLeaving.push(queryClient.getQueryData(['models', 'list']));
      await router.navigate(to, options);
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Melanoma model')).toBeInTheDocument();

    await act(() => logout(queryClient));

    expect(await screen.findByText('welcome')).toBeInTheDocument();
    // The list was still in the cache while its screen was left: removing it first refetched it.
    expect(dataWhenLeaving).toEqual([{ names: ['Melanoma model'] }]);
    expect(queryClient.getQueryData(['models', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['settings'])).toEqual({ kept: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callsTo(fetchMock, 'GET', '/models')).toHaveLength(1);
  });
});
