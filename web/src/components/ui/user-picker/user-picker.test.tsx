import type { UserSummary } from '@shared/schemas/model-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../lib/current-user';
import { configureTestApi, json, routeFetch } from '../../../testing/fetch-stubs';
import { sanitizeUserQuery } from './search-users';
import { EXTERNAL_PICKER_TEXTS, UserPicker } from './user-picker';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const users: Record<'leo' | 'xavier', UserSummary> = {
  leo: { id: 'leo', firstName: 'Leo', lastName: 'Lead', email: 'leo@example.com', userType: 'INTERNALUSER' },
  xavier: {
    id: 'xavier',
    firstName: 'Xavier',
    lastName: 'Vendor',
    email: 'xavier@vendor.test',
    userType: 'EXTERNALUSER',
  },
};

describe('user search text', () => {
  it('strips angle brackets', () => {
    expect(sanitizeUserQuery('  <leo@example.com> ')).toBe('leo@example.com');
    expect(sanitizeUserQuery('<>')).toBe('');
  });
});

describe('UserPicker', () => {
  const fetchMock = routeFetch({
    'GET /users/search': () => json(200, { items: [users.leo, users.xavier] }),
  });
  beforeEach(() => {
    configureTestApi();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  const renderPicker = (
    onPick: (u: { userType: string }) => string | undefined = vi.fn(() => undefined),
    limit?: number,
  ) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UserPicker label="Model Steward" onPick={onPick} limit={limit} />
      </QueryClientProvider>,
    );

  it('searches 1000 ms after the last keystroke, without angle brackets, with the limit', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPicker(undefined, 20);
    await user.type(screen.getByRole('combobox', { name: 'Model Steward' }), '<leo>');
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(url.searchParams.get('q')).toBe('leo');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(await screen.findByRole('option', { name: /Leo Lead/ })).toBeInTheDocument();
  });

  it('lets an external user look up a whole e-mail address only, and sends nothing else (issue 21 §25)', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const client = new QueryClient();
    client.setQueryData(currentUserQueryKey, { ...users.xavier, permissions: {} });
    render(
      <QueryClientProvider client={client}>
        <UserPicker label="Model Steward" onPick={vi.fn(() => undefined)} />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('combobox', { name: 'Model Steward' });
    expect(box).toHaveAttribute('placeholder', EXTERNAL_PICKER_TEXTS.placeholder);
    await user.type(box, 'leo');
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await screen.findByText(EXTERNAL_PICKER_TEXTS.typeWholeEmail)).toBeInTheDocument();
    await user.type(box, '@example.com');
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new URL(String(fetchMock.mock.calls[0]?.[0])).searchParams.get('q')).toBe('leo@example.com');
  });

  it('shows the refusal of a pick next to the field', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onPick = vi.fn((u: { userType: string }) =>
      u.userType === 'EXTERNALUSER' ? 'External user cannot be added as the Model Steward.' : undefined,
    );
    renderPicker(onPick);
    await user.type(screen.getByRole('combobox', { name: 'Model Steward' }), 'x');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await user.click(await screen.findByRole('option', { name: /Xavier Vendor/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'External user cannot be added as the Model Steward.',
    );
  });

  it('picks with the keyboard', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onPick = vi.fn(() => undefined);
    renderPicker(onPick);
    const box = screen.getByRole('combobox', { name: 'Model Steward' });
    await user.type(box, 'le');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await screen.findByRole('option', { name: /Leo Lead/ });
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(users.leo);
    expect(box).toHaveValue('');
  });

  it('closes the suggestions on Escape and keeps the key from what is around them', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    try {
      renderPicker();
      const box = screen.getByRole('combobox', { name: 'Model Steward' });
      await user.type(box, 'le');
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      await screen.findByRole('option', { name: /Leo Lead/ });
      outside.mockClear();
      await user.keyboard('{Escape}');
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(outside).not.toHaveBeenCalled();
      // With the list closed, Escape goes on (e.g. to close the dialog).
      await user.keyboard('{Escape}');
      expect(outside).toHaveBeenCalledOnce();
    } finally {
      document.removeEventListener('keydown', outside);
    }
  });
});
