import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutEverywhere } from '../../../lib/auth';
import { registerNavigate } from '../../../lib/navigation';
import { SESSION_EXPIRES_KEY } from '../../../lib/session';
import { SessionWatcher } from './session-watcher';

describe('SessionWatcher', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    // Signing out ends the idle session as lib/auth does (the setup file's stand-in, testing/auth-stub.ts).
    vi.mocked(signOutEverywhere).mockImplementation(async () => {
      window.localStorage.setItem('mr.session.expiresAt', '-1');
    });
    vi.useFakeTimers({ shouldAdvanceTime: false });
    registerNavigate(navigate);
  });
  afterEach(() => {
    vi.useRealTimers();
    registerNavigate(undefined);
    navigate.mockReset();
  });

  const renderWatcher = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionWatcher userId="alice" />
      </QueryClientProvider>,
    );

  it('warns with a countdown and at expiry signs out to the welcome page, which says why', async () => {
    window.history.replaceState(null, '', '/model?q=melanoma');
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(Date.now() + 5000));
    renderWatcher();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByText('Your Session is about to Expire!')).toBeInTheDocument();
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('4');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('3');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(
      '/landingPage?redirect=%2Fmodel%3Fq%3Dmelanoma&reason=session-expired',
      {
        replace: true,
      },
    );
    window.history.replaceState(null, '', '/');
  });

  it("focuses 'Continue', so that Enter keeps the user signed in instead of signing out", async () => {
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(Date.now() + 5000));
    renderWatcher();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('stays quiet while the session is far from expiry', async () => {
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(Date.now() + 600_000));
    renderWatcher();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.queryByText('Your Session is about to Expire!')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves when another tab logs out', async () => {
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(Date.now() + 600_000));
    renderWatcher();
    window.localStorage.setItem(SESSION_EXPIRES_KEY, '-1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(navigate).toHaveBeenCalledWith('/landingPage', { replace: true });
    expect(signOutEverywhere).not.toHaveBeenCalled();
  });
});
