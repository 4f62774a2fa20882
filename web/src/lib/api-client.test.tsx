import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../config/env';
import { ApiError, apiClient, request, withoutSessionActivity } from './api-client';
import { getIdToken, signOutEverywhere } from './auth';
import { clearMessages, getMessages } from './message-stack';
import { registerNavigate } from './navigation';
import { readExpiresAt, SESSION_EXPIRES_KEY } from './session';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });

describe('api client', () => {
  const fetchMock = vi.fn();
  const navigate = vi.fn();
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
    registerNavigate(navigate);
    // The setup file's auth stand-in (testing/auth-stub.ts), with this file's token.
    vi.mocked(getIdToken).mockResolvedValue('token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    navigate.mockReset();
    registerNavigate(undefined);
    clearMessages();
  });

  it('calls /v2 with the ID token and counts the success as session activity', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'alice' }));
    await expect(request('/users/me', { query: { limit: 3, none: undefined } })).resolves.toEqual({
      id: 'alice',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/v2/users/me?limit=3');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(readExpiresAt()).toBeGreaterThan(Date.now());
  });

  it('builds a typed call from the route table: method, encoded path params, query and JSON body', async () => {
    fetchMock.mockResolvedValue(json(200, { uuid: 'a/b' }));
    await apiClient.call('publishModel', { params: { uuid: 'a/b' }, body: { rev: 3 } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/v2/models/a%2Fb/publish');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"rev":3}');

    fetchMock.mockResolvedValue(json(204));
    await apiClient.call('markNotificationsSeen');
    const [seenUrl, seenInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(seenUrl).toBe('http://api.test/v2/notifications/seen');
    expect(seenInit.body, 'a route without a body sends none').toBeUndefined();

    fetchMock.mockResolvedValue(json(200, { items: [] }));
    await apiClient.call('listGroups', { params: { uuid: 'm1' }, query: { subModelId: 's 1' } });
    expect(fetchMock.mock.calls[2]?.[0]).toBe('http://api.test/v2/models/m1/groups?subModelId=s+1');
  });

  it('does not count settings and version loads as activity', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await request('/settings', { auth: false, touchesSession: false });
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('does not count calls started inside withoutSessionActivity, even when they end after it', async () => {
    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
    fetchMock.mockResolvedValue(json(200, {}));
    const started = withoutSessionActivity(() => request('/models/m1/instances'));
    await started;
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).toBeNull();
    fetchMock.mockResolvedValue(json(200, {}));
    await request('/models/m1/instances');
    expect(readExpiresAt()).toBeGreaterThan(Date.now());
  });

  it('on 403 says so and redirects to the access-denied page', async () => {
    window.history.replaceState(null, '', '/admin/user');
    fetchMock.mockResolvedValue(json(403, { message: 'No', code: 'FORBIDDEN' }));
    await expect(request('/incidents')).rejects.toBeInstanceOf(ApiError);
    expect(getMessages().map((m) => m.text)).toEqual(['Access is forbidden. You have been redirected.']);
    expect(navigate).toHaveBeenCalledWith('/error/access-denied', { replace: true });
  });

  it('shows the report id message with its id for the report dialog', async () => {
    fetchMock.mockResolvedValue(
      json(500, { message: 'Internal error', code: 'INTERNAL_ERROR', reportId: 'r-9' }),
    );
    await expect(request('/incidents', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 500 });
    const [message] = getMessages();
    expect(message?.reportId).toBe('r-9');
    expect(message?.severity).toBe('error');
    expect(message?.text).toContain('mentioning the following report id: r-9.');
  });

  it('leaves failures to callers that handle them', async () => {
    fetchMock.mockResolvedValue(
      json(409, { message: 'An access request was sent recently.', code: 'CONFLICT' }),
    );
    await expect(
      request('/access-requests', { method: 'POST', body: {}, handleErrors: (e) => e.status === 409 }),
    ).rejects.toMatchObject({
      status: 409,
      body: { message: 'An access request was sent recently.' },
    });
    expect(getMessages()).toHaveLength(0);
  });

  it('retries a 401 once with refreshed tokens', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(request('/users/me')).resolves.toEqual({ ok: true });
    expect(getIdToken).toHaveBeenLastCalledWith(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('signs out to the welcome page, keeping the target and saying the session expired, when the refresh does not help', async () => {
    window.history.replaceState(null, '', '/model/abc/detail?tab=folder');
    fetchMock.mockResolvedValue(json(401, { message: 'expired' }));
    await expect(request('/users/me')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        '/landingPage?redirect=%2Fmodel%2Fabc%2Fdetail%3Ftab%3Dfolder&reason=session-expired',
        { replace: true },
      ),
    );
    expect(signOutEverywhere).toHaveBeenCalled();
  });

  it('sends no authenticated call once the user has signed out (its token is gone or revoked)', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    window.localStorage.setItem(SESSION_EXPIRES_KEY, '-1');

    await expect(request('/models')).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getMessages()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();

    // Public calls (settings, version) still go out for the welcome page.
    await request('/settings', { auth: false, touchesSession: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure as an unknown error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/notifications')).rejects.toMatchObject({ status: 0 });
    expect(getMessages().map((m) => m.text)).toEqual([
      'An unknown error has occurred. Please try to reload page.',
    ]);
  });
});
