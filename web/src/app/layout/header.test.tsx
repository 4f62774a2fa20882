import { userPermissionFlags } from '@shared/rules/user-permissions';
import type { AppSettings } from '@shared/schemas/settings';
import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../config/env';
import { Header } from './header';

const user = (userType: CurrentUser['userType']): CurrentUser => ({
  id: 'alice',
  firstName: 'Alice',
  lastName: 'Admin',
  email: 'alice@example.com',
  userType,
  permissions: userPermissionFlags(userType, { managesEntries: true }),
});

const settings: AppSettings = {
  documentation: {
    trainingUrl: 'https://docs.example/training',
    supportUrl: 'https://docs.example/support',
    feedbackUrl: 'https://docs.example/feedback',
    releaseNotesUrl: 'https://docs.example/release-notes',
    aboutUrl: 'https://docs.example/about',
  },
  privacyPolicyUrl: 'https://docs.example/privacy',
  trackingSettings: { enabled: false },
  sessionTimeoutSeconds: 1800,
  companyEmailDomains: [],
  uploadConfig: { maxFileSizeBytes: 1 },
};

const notification = (id: string, action: 'NEW_MODEL_VERSION' | 'FILES_MODIFIED') => ({
  notificationId: id,
  createdBy: { id: 'leo', firstName: 'Leo', lastName: 'Lead' },
  createdOn: '2030-01-02T10:00:00.000Z',
  userNote: `Note ${id}`,
  notificationAction: action,
  modelUuid: `model-${id}`,
  seen: false,
});

describe('Header', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    setConfig({
      stage: 'test',
      region: 'r',
      apiUrl: 'http://api.test',
      wsUrl: '',
      userPoolId: 'p',
      userPoolClientId: 'c',
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const renderHeader = (u: CurrentUser, path = '/model', onGuidedTour?: () => void) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Header user={u} settings={settings} onGuidedTour={onGuidedTour} onLogout={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('highlights Admin Space on any /admin/ page', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], unseenCount: 0 })));
    renderHeader(user('SUPERUSER'), '/admin/incident-management');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin Space' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Model Entries' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Admin Space' })).toHaveAttribute('href', '/admin/user');
  });

  it('shows an external user Add Model Entry (000 §2) but neither Externalization nor Admin Space', () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], unseenCount: 0 })));
    renderHeader(user('EXTERNALUSER'));
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Add Model Entry', 'Model Entries', 'Execution Queue']);
  });

  it('opens the Help menu from the keyboard with links from the settings', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], unseenCount: 0 })));
    const tour = vi.fn();
    renderHeader(user('INTERNALUSER'), '/model', tour);
    screen.getByRole('button', { name: 'Help' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Help' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Training',
      'Support',
      'Feedback',
      'Release Notes',
      'Privacy Policy',
      'About',
      'Guided Tour',
    ]);
    expect(items[0]).toHaveFocus();
    expect(items[4]).toHaveAttribute('href', 'https://docs.example/privacy');
    expect(items[4]).toHaveAttribute('target', '_blank');
    await userEvent.keyboard('{End}{Enter}');
    expect(tour).toHaveBeenCalled();
    expect(screen.queryByRole('menu', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('shows the user name and Logout in the user menu', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], unseenCount: 0 })));
    renderHeader(user('INTERNALUSER'));
    await userEvent.click(screen.getByRole('button', { name: 'Alice Admin' }));
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alice Admin' })).toHaveFocus();
  });

  it('says when there are no notifications', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], unseenCount: 0 })));
    renderHeader(user('INTERNALUSER'));
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No new notifications.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('lists the latest notifications and marks them seen when opened', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/seen')
        ? new Response(null, { status: 204 })
        : new Response(
            JSON.stringify({
              items: [notification('1', 'NEW_MODEL_VERSION'), notification('2', 'FILES_MODIFIED')],
              unseenCount: 2,
            }),
          ),
    );
    renderHeader(user('INTERNALUSER'));
    const bell = await screen.findByRole('button', { name: 'Notifications (unseen)' });
    expect(screen.getByTestId('notification-unseen-dot')).toBeInTheDocument();
    await userEvent.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('has added a new model version')).toBeInTheDocument();
    expect(within(panel).getByText('has modified files in the model')).toBeInTheDocument();
    const reviews = within(panel).getAllByRole('link', { name: 'Click here to review' });
    expect(reviews.map((a) => a.getAttribute('href'))).toEqual([
      '/model/model-1/detail',
      '/model/model-2/detail?tab=folder',
    ]);
    expect(within(panel).getByRole('button', { name: 'Clear All' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-unseen-dot')).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([u, init]) => String(u).endsWith('/v2/notifications/seen') && init.method === 'POST',
      ),
    ).toBe(true);
  });
});
