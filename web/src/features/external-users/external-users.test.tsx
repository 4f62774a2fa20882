import type { AccessReviewRow, ExternalUserSummary } from '@shared/schemas/external-user';
import type { CurrentUser, ExternalUserStatus } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../lib/current-user';
import { clearMessages, getMessages } from '../../lib/message-stack';
import { configureTestApi, json, on, stubFetch } from '../../testing/fetch-stubs';
import { infoIssues } from './components/external-user-enroll-page';
import { AdminExternalUserListPage, NormalExternalUserListPage } from './components/external-user-list-page';
import { accessReviewCsv, actionRefusal, csvCell } from './lib/external-user-actions';

vi.mock('../../lib/auth', () => import('../../testing/auth-stub'));

const flags = (admin: boolean) => ({
  createModel: true,
  externalizationTabEnabled: true,
  activateUser: admin,
  deactivateUser: admin,
  enrollUser: admin,
  changeUserRole: admin,
});
const ADMIN: CurrentUser = {
  id: 'admin',
  firstName: 'Alice',
  lastName: 'Admin',
  email: 'alice@example.com',
  userType: 'SUPERUSER',
  permissions: flags(true),
};
const OWNER: CurrentUser = { ...ADMIN, id: 'owner', userType: 'INTERNALUSER', permissions: flags(false) };

const person = (
  status: ExternalUserStatus,
  email = `${status.toLowerCase()}@vendor.test`,
): ExternalUserSummary => ({
  email,
  firstName: 'Vera',
  lastName: status,
  externalUserType: 'VENDOR',
  status,
  registeredBy: 'owner',
  accessEndsOn: '2027-01-01',
  createdOn: '2026-01-01T00:00:00.000Z',
});

function renderPage(element: React.ReactNode, me = ADMIN) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQueryKey, me);
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

describe('the sidebar per status (002 §4)', () => {
  it.each([
    ['ACTIVE', { activate: false, deactivate: true, reject: false, regenerateCode: false }],
    ['INACTIVE', { activate: true, deactivate: false, reject: false, regenerateCode: true }],
    ['PENDING_REGISTRATION', { activate: false, deactivate: false, reject: false, regenerateCode: true }],
    ['PENDING_REVIEW', { activate: true, deactivate: false, reject: true, regenerateCode: true }],
  ] as const)('%s', (status, enabled) => {
    for (const [action, on] of Object.entries(enabled)) {
      const refusal = actionRefusal(ADMIN, action as keyof typeof enabled, person(status));
      expect([action, refusal === undefined]).toEqual([action, on]);
    }
  });

  it('needs the flags for activate, deactivate and reject, not for a new code', () => {
    expect(actionRefusal(OWNER, 'activate', person('PENDING_REVIEW'))).toMatch(/may not/);
    expect(actionRefusal(OWNER, 'regenerateCode', person('PENDING_REVIEW'))).toBeUndefined();
  });
});

describe('the wizard step 0 (002 §5)', () => {
  const base = {
    firstName: ' Vera ',
    lastName: 'Vendor',
    email: ' Vera@Vendor.TEST ',
    externalUserType: 'VENDOR' as const,
    purchaseOrderId: '123',
    requestInfo: '',
    accessEndsOn: '2099-01-01',
  };
  it('accepts trimmed names and a mixed-case e-mail; refuses a company address and a missing purchase order', () => {
    expect(
      infoIssues(
        { ...base, accessEndsOn: new Date(Date.now() + 86_400_000 * 30).toISOString().slice(0, 10) },
        ['example.com'],
      ),
    ).toEqual({});
    const issues = infoIssues({ ...base, email: 'x@example.com', purchaseOrderId: '' }, ['example.com']);
    expect(issues.email).toBe('Please provide an email address without the company domain.');
    expect(infoIssues({ ...base, firstName: '  ' }, []).firstName).toBe('This field is required.');
    expect(infoIssues({ ...base, externalUserType: 'OTHER' }, []).requestInfo).toBe(
      'This field is required.',
    );
  });
});

describe('the access review CSV', () => {
  it('writes one line per model and neutralises formulas', () => {
    const row: AccessReviewRow = {
      email: 'a@b.test',
      firstName: '=cmd',
      lastName: 'Smith, Jr.',
      status: 'ACTIVE',
      registeredBy: 'owner',
      accessEndsOn: '2027-01-01',
      modelAccesses: [
        { modelUuid: 'm1', modelName: 'Model "One"', modelRole: 'VIEWER', subModels: 0 },
        { modelUuid: 'm2', modelName: 'Two', modelRole: 'SCENARIOMODELER', subModels: 2 },
      ],
    };
    const lines = accessReviewCsv([row]).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`a@b.test,'=cmd,"Smith, Jr.",ACTIVE,owner,,2027-01-01,,"Model ""One""",VIEWER,0`);
    expect(csvCell('+1')).toBe("'+1");
  });
});

describe('/externalization/list and /admin/externalization-user', { timeout: 30_000 }, () => {
  it('shows Register New User and disables Regenerate Code for an ACTIVE user', async () => {
    stubFetch(on('GET', '/external-users', () => json(200, { items: [person('ACTIVE')], total: 1 })));
    renderPage(<NormalExternalUserListPage />, OWNER);
    expect(await screen.findByText('active@vendor.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register New User' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('active@vendor.test'));
    expect(screen.getByRole('button', { name: 'Regenerate Code' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('Regenerate Code opens the registration wizard with the names and e-mail filled in (002 §2)', async () => {
    stubFetch(
      on('GET', '/external-users', () => json(200, { items: [person('PENDING_REGISTRATION')], total: 1 })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(currentUserQueryKey, OWNER);
    const Wizard = () => <p>wizard {useLocation().search}</p>;
    const router = createMemoryRouter(
      [
        { path: '/', element: <NormalExternalUserListPage /> },
        { path: '/externalization/user/enroll', element: <Wizard /> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByText('pending_registration@vendor.test'));
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate Code' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/externalization/user/enroll');
    expect(Object.fromEntries(params)).toEqual({
      firstName: 'Vera',
      lastName: 'PENDING_REGISTRATION',
      email: 'pending_registration@vendor.test',
    });
  });

  it('rejects a PENDING_REVIEW request only with a reason', async () => {
    const fetchMock = stubFetch(
      on('GET', '/external-users', () => json(200, { items: [person('PENDING_REVIEW')], total: 1 })),
      on('GET', '/external-users/access-review', () => json(200, { items: [], total: 0 })),
      (url, init) =>
        init.method === 'POST' && url.pathname.endsWith('/reject')
          ? json(200, { ...person('PENDING_REVIEW'), status: 'INACTIVE' })
          : undefined,
    );
    renderPage(<AdminExternalUserListPage />);
    expect(await screen.findByRole('heading', { name: 'Activate and deactivate users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register New User' })).toBeNull();
    await userEvent.click(await screen.findByText('pending_review@vendor.test'));
    expect(screen.getByRole('button', { name: 'Deactivate User' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Reject Request' }));
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Reason'), 'No contract');
    // The enabled button is a new element (the footer wraps it with its hover title).
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toContain('External User access request has been rejected.'),
    );
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(decodeURIComponent(new URL(String(call?.[0])).pathname)).toBe(
      '/v2/external-users/pending_review@vendor.test/reject',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'No contract' });
  });
});
