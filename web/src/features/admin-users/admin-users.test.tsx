import type { AdminUserRow } from '@shared/schemas/admin-users';
import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../lib/current-user';
import { clearMessages, getMessages } from '../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../testing/fetch-stubs';
import { UserEditPage } from './components/user-edit-page';
import { UserListPage } from './components/user-list-page';
import {
  activateRefusal,
  chatLink,
  contactRefusal,
  deactivateRefusal,
  editRefusal,
} from './lib/user-actions';

vi.mock('../../lib/auth', () => import('../../testing/auth-stub'));

const flags = (on: boolean) => ({
  createModel: true,
  externalizationTabEnabled: true,
  activateUser: on,
  deactivateUser: on,
  enrollUser: on,
  changeUserRole: on,
});
const ADMIN: CurrentUser = {
  id: 'admin',
  firstName: 'Alice',
  lastName: 'Admin',
  email: 'alice.admin@example.com',
  userType: 'SUPERUSER',
  permissions: flags(true),
};
const row = (id: string, extra: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  firstName: id,
  lastName: `${id}son`,
  email: `${id}@example.com`,
  active: true,
  userType: 'INTERNALUSER',
  ...extra,
});

function renderAt(path: string, routes: { path: string; element: React.ReactNode }[], me = ADMIN) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQueryKey, me);
  const router = createMemoryRouter([...routes, { path: '/admin/user', element: <p>the list</p> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

describe('internal user sidebar rules', () => {
  const other = row('lead');
  it.each([
    ['no selection', undefined, 'Select a user first.'],
    ['oneself', row('admin'), 'This is you.'],
    ['no e-mail', row('npa', { email: '' }), 'This user has no e-mail address.'],
    ['another user with an e-mail', other, undefined],
  ])('Email User and Open Chat: %s', (_, user, refusal) => {
    expect(contactRefusal(ADMIN, user)).toBe(refusal);
  });

  it('activates only inactive others and deactivates only active others, with the flags', () => {
    expect(activateRefusal(ADMIN, other)).toBe('The user is active.');
    expect(activateRefusal(ADMIN, row('x', { active: false }))).toBeUndefined();
    expect(deactivateRefusal(ADMIN, other)).toBeUndefined();
    expect(deactivateRefusal(ADMIN, row('admin'))).toBe('You cannot deactivate yourself.');
    const internal = { ...ADMIN, id: 'lead', userType: 'INTERNALUSER' as const, permissions: flags(false) };
    expect(deactivateRefusal(internal, row('x'))).toBe('You may not deactivate users.');
    expect(editRefusal(internal, row('x'))).toBe('You may not change user types.');
    expect(editRefusal(ADMIN, row('v', { userType: 'EXTERNALUSER' }))).toMatch(/external user list/);
  });

  it('builds the chat link from the setting with the e-mail encoded', () => {
    expect(chatLink('https://chat.example/u?to={email}', 'a+b@x.com')).toBe(
      'https://chat.example/u?to=a%2Bb%40x.com',
    );
  });
});

describe('/admin/user', { timeout: 30_000 }, () => {
  it("lists users with 'My current role', asks the server for last name ascending, and deactivates", async () => {
    const fetchMock = stubFetch(
      on('GET', '/admin/users', () =>
        json(200, { items: [row('lead'), row('admin', { userType: 'SUPERUSER' })], total: 2 }),
      ),
      on('PATCH', '/admin/users/lead', () =>
        json(200, { ...row('lead', { active: false }), createdOn: '2026-01-01T00:00:00Z' }),
      ),
    );
    renderAt('/admin/user/list', [{ path: '/admin/user/list', element: <UserListPage /> }]);
    expect(await screen.findByText('leadson')).toBeInTheDocument();
    expect(screen.getByText('My current role:')).toHaveTextContent('My current role: Super User');
    expect(screen.getByRole('button', { name: 'Enroll new User' })).toBeInTheDocument();
    const list = callsTo(fetchMock, 'GET', '/admin/users')[0];
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toMatchObject({
      sort: 'lastName',
      order: 'asc',
      offset: '0',
      limit: '10',
    });

    await userEvent.click(screen.getByText('leadson'));
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate user' }));
    await waitFor(() => expect(getMessages().map((m) => m.text)).toContain('User Deactivated'));
    const patch = callsTo(fetchMock, 'PATCH', '/admin/users/lead')[0];
    expect(JSON.parse(String(patch?.init.body))).toEqual({ active: false });
  });

  it('disables Email User and Open Chat for oneself', async () => {
    stubFetch(
      on('GET', '/admin/users', () =>
        json(200, { items: [row('admin', { userType: 'SUPERUSER' })], total: 1 }),
      ),
    );
    renderAt('/admin/user/list', [{ path: '/admin/user/list', element: <UserListPage /> }]);
    await userEvent.click(await screen.findByText('adminson'));
    expect(screen.getByRole('button', { name: 'Email User' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Open Chat' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows 'No users were found' for an empty answer", async () => {
    stubFetch(on('GET', '/admin/users', () => json(200, { items: [], total: 0 })));
    renderAt('/admin/user/list', [{ path: '/admin/user/list', element: <UserListPage /> }]);
    expect(await screen.findByText('No users were found')).toBeInTheDocument();
  });
});

describe('/admin/user/:id/edit', () => {
  it("answers an unknown user with 'User not found' and returns to the list", async () => {
    stubFetch(
      on('GET', '/admin/users/ghost', () => json(404, { message: 'User not found', code: 'NOT_FOUND' })),
    );
    renderAt('/admin/user/ghost/edit', [{ path: '/admin/user/:id/edit', element: <UserEditPage /> }]);
    expect(await screen.findByText('the list')).toBeInTheDocument();
    expect(getMessages().map((m) => m.text)).toContain('User not found');
  });
});
