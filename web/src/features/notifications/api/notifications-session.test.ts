import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../../config/env';
import { SESSION_EXPIRES_KEY } from '../../../lib/session';
import { notificationsQuery } from './notifications';

vi.mock('../../../lib/auth', () => ({
  getIdToken: vi.fn(async () => 'token-1'),
  signOutEverywhere: vi.fn(async () => undefined),
}));

describe('loading the notification list', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    setConfig({
      stage: 'test',
      region: 'r',
      apiUrl: 'http://api.test/',
      wsUrl: '',
      userPoolId: 'p',
      userPoolClientId: 'c',
    });
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
  });

  it('does not count as session activity: a pushed notification refetches it by itself', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], unseenCount: 0 }), { status: 200 }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(notificationsQuery(5))).resolves.toEqual({ items: [], unseenCount: 0 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/v2/notifications?limit=5');
    // An idle session stays idle: no expiry was set or pushed forward by this load.
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).toBeNull();
  });
});
