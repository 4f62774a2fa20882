import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../lib/current-user';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { recentMonths } from '../api/admin-usage';
import UsagePage, { NO_RECORDS } from './usage-page';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const admin: CurrentUser = {
  id: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.com',
  userType: 'SUPERUSER',
  permissions: {
    createModel: true,
    externalizationTabEnabled: true,
    activateUser: true,
    deactivateUser: true,
    enrollUser: true,
    changeUserRole: true,
  },
};

function renderPage(user: CurrentUser | undefined = admin) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) client.setQueryData(currentUserQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/usage']}>
        <UsagePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const thisMonth = recentMonths()[0] as string;

describe('UsagePage (issue 20 §8)', () => {
  beforeEach(configureTestApi);
  afterEach(() => vi.unstubAllGlobals());

  it("shows the month's counts per entry with totals, and the entries nobody opened in a year", async () => {
    stubFetch(
      on('GET', '/admin/usage/dormant', () =>
        json(200, {
          since: '2025-12',
          items: [
            {
              modelUuid: 'old',
              name: 'Legacy Markov model',
              status: 'PUBLISHED',
              createdOn: '2023-02-01T00:00:00.000Z',
            },
          ],
          total: 1,
        }),
      ),
      on('GET', '/admin/usage', () =>
        json(200, {
          month: thisMonth,
          items: [
            { modelUuid: 'a', name: 'Oncology model', deleted: false, views: 7, downloads: 2, runs: 3 },
            { modelUuid: 'b', name: 'Removed model', deleted: true, views: 1, downloads: 0, runs: 0 },
          ],
          total: 2,
          totals: { views: 8, downloads: 2, runs: 3 },
        }),
      ),
    );
    renderPage();
    const grid = await screen.findByRole('table', { name: /^Usage in / });
    expect(await within(grid).findByRole('link', { name: 'Oncology model' })).toHaveAttribute(
      'href',
      '/model/a/detail',
    );
    expect(within(grid).getByText('(deleted)')).toBeInTheDocument();
    expect(screen.getByText(/8 views, 2 downloads, 3 runs across 2 model entries/)).toBeInTheDocument();
    const dormant = screen.getByRole('table', { name: 'Model entries not opened in a year' });
    expect(await within(dormant).findByText('Legacy Markov model')).toBeInTheDocument();
    expect(within(dormant).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText(/since December 2025/)).toBeInTheDocument();
  });

  it('asks the server for the month chosen, and says so when nothing was counted', async () => {
    const fetchMock = stubFetch(
      on('GET', '/admin/usage/dormant', () => json(200, { since: '2025-12', items: [], total: 0 })),
      on('GET', '/admin/usage', (url) =>
        json(200, {
          month: url.searchParams.get('month'),
          items: [],
          total: 0,
          totals: { views: 0, downloads: 0, runs: 0 },
        }),
      ),
    );
    renderPage();
    expect(await screen.findAllByText(NO_RECORDS)).toHaveLength(2);
    const previous = recentMonths()[1] as string;
    await userEvent.selectOptions(screen.getByLabelText('Month'), previous);
    await screen.findByText(/0 views/);
    expect(
      callsTo(fetchMock, 'GET', '/admin/usage').some(({ url }) => url.searchParams.get('month') === previous),
    ).toBe(true);
  });

  it('shows the Admin Space menu with the usage page marked current', async () => {
    stubFetch(on('GET', '/admin/usage', () => json(200, {})));
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Admin Space' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Internal Users',
      'External Users',
      'Registration Review',
      'Incidents',
      'Metadata Options',
      'Usage',
    ]);
    expect(within(nav).getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows no Admin Space menu to someone who is not an administrator', () => {
    stubFetch();
    renderPage({ ...admin, userType: 'INTERNALUSER' });
    expect(screen.queryByRole('navigation', { name: 'Admin Space' })).not.toBeInTheDocument();
  });
});
