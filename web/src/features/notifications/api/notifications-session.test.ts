import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRES_KEY } from '../../../lib/session';
import { API, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { notificationsQuery } from './notifications';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

describe('loading the notification list', () => {
  beforeEach(() => {
    configureTestApi();
    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
  });

  it('does not count as session activity: a pushed notification refetches it by itself', async () => {
    const fetchMock = stubFetch(on('GET', '/notifications', () => json(200, { items: [], unseenCount: 0 })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(notificationsQuery(5))).resolves.toEqual({ items: [], unseenCount: 0 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${API}/v2/notifications?limit=5`);
    // An idle session stays idle: no expiry was set or pushed forward by this load.
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).toBeNull();
  });
});
