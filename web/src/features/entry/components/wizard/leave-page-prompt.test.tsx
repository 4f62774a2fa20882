import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { optionLists, users } from '../../../../testing/model-detail-fixtures';
import { ModelUploadPage } from './model-upload-page';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const me = {
  ...users.olivia,
  permissions: {
    createModel: true,
    externalizationTabEnabled: true,
    activateUser: false,
    deactivateUser: false,
    enrollUser: false,
    changeUserRole: false,
  },
} as CurrentUser;

describe('leaving the Add Model Entry wizard with changes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    configureTestApi();
    vi.stubGlobal('fetch', routeFetch({ 'GET /metadata-options': () => json(200, optionLists) }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks first and focuses 'No', so that Enter does not discard the work", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(currentUserQueryKey, me);
    const router = createMemoryRouter(
      [
        { path: '/model-upload', element: <ModelUploadPage /> },
        { path: '/model', element: <p>model list</p> },
      ],
      { initialEntries: ['/model-upload'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Upload Files' });
    await userEvent.upload(screen.getByTestId('file-input'), [new File(['data'], 'model.xlsx')]);

    await act(() => router.navigate('/model'));

    expect(
      await screen.findByText('By leaving this page all changes will be lost. Do you want to continue?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/model-upload');
    expect(screen.getByText('model.xlsx')).toBeInTheDocument();
  });
});
