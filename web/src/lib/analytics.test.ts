import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for aws-rum-web's client: what it was built with and what it was asked to record. */
const rum = vi.hoisted(() => ({
  built: [] as unknown[][],
  events: [] as [string, Record<string, unknown>][],
}));
vi.mock('aws-rum-web', () => ({
  AwsRum: class {
    constructor(...args: unknown[]) {
      rum.built.push(args);
    }
    recordEvent(type: string, data: Record<string, unknown>) {
      rum.events.push([type, data]);
    }
  },
}));

const { hashUserId, recordEvent, resetAnalyticsForTests, startAnalytics, trackOperation } = await import(
  './analytics'
);

const MONITOR = {
  appMonitorId: '9f0c2b1e-1111-4222-8333-444455556666',
  identityPoolId: 'eu-west-1:0f0e0d0c-aaaa-4bbb-8ccc-ddddeeeeffff',
  guestRoleArn: 'arn:aws:iam::123456789012:role/model-repository-rum-guest',
  region: 'eu-west-1',
};

beforeEach(() => {
  resetAnalyticsForTests();
  rum.built.length = 0;
  rum.events.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('usage analytics', () => {
  it('does nothing without an app monitor or a local log in the config: no client, no request', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await startAnalytics(undefined, true)).toBe(false);
    recordEvent('entry_opened', { uuid: 'u1' });
    trackOperation('getModel', { uuid: 'u1' }, {});
    expect(rum.built).toEqual([]);
    expect(rum.events).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('does nothing while the settings switch tracking off, even with a monitor', async () => {
    expect(await startAnalytics({ rum: MONITOR }, false)).toBe(false);
    recordEvent('entry_opened');
    expect(rum.built).toEqual([]);
    expect(rum.events).toEqual([]);
  });

  it('starts the client once with the monitor, the identity pool and no cookies or automatic telemetry', async () => {
    expect(await startAnalytics({ rum: MONITOR }, true, '2.3.0')).toBe(true);
    expect(await startAnalytics({ rum: MONITOR }, true, '2.3.0')).toBe(true);
    expect(rum.built).toHaveLength(1);
    expect(rum.built[0]).toEqual([
      MONITOR.appMonitorId,
      '2.3.0',
      'eu-west-1',
      expect.objectContaining({
        identityPoolId: MONITOR.identityPoolId,
        guestRoleArn: MONITOR.guestRoleArn,
        telemetries: [],
        allowCookies: false,
        disableAutoPageView: true,
      }),
    ]);
  });

  it('records the spec’s actions by their API operation with ids only and the user hashed to 8 characters', async () => {
    await startAnalytics({ rum: MONITOR }, true);
    trackOperation('getCurrentUser', undefined, { id: 'olivia.owner', email: 'olivia@example.com' });
    await vi.waitFor(async () => {
      trackOperation('getModel', { uuid: 'm-1' }, { name: 'Secret model name' });
      expect(rum.events.at(-1)?.[1].user).toBe(await hashUserId('olivia.owner'));
    });
    rum.events.length = 0;
    trackOperation('downloadModelFile', { uuid: 'm-1', fileUuid: 'f-9' }, {});
    trackOperation('shareInstance', { uuid: 'm-1', instanceId: 'i-3' }, {});
    trackOperation('listModels', undefined, {});
    const hash = await hashUserId('olivia.owner');
    expect(hash).toMatch(/^[0-9a-f]{8}$/);
    expect(rum.events).toEqual([
      ['modelrepository.file_downloaded', { uuid: 'm-1', fileUuid: 'f-9', user: hash }],
      ['modelrepository.instance_shared', { uuid: 'm-1', instanceId: 'i-3', user: hash }],
    ]);
    // Nothing personal travels: no e-mail, no names from the answers.
    expect(JSON.stringify(rum.events)).not.toMatch(/olivia|Secret/);
  });

  it('locally posts each event to the local cloud’s log instead of loading the RUM client', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchSpy);
    const analyticsLogUrl = 'http://127.0.0.1:3000/__local/analytics';
    expect(await startAnalytics({ analyticsLogUrl }, true)).toBe(true);
    trackOperation('getCurrentUser', undefined, { id: 'olivia.owner' });
    const hash = await hashUserId('olivia.owner');
    await vi.waitFor(() => {
      fetchSpy.mockClear();
      trackOperation('getModel', { uuid: 'm-1' }, { name: 'Secret model name' });
      const [, init] = fetchSpy.mock.calls.at(-1) as unknown as [string, RequestInit];
      expect(JSON.parse(init.body as string).data.user).toBe(hash);
    });
    expect(rum.built).toEqual([]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(analyticsLogUrl);
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'text/plain' },
    });
    expect(JSON.parse(init.body as string)).toEqual({
      type: 'modelrepository.entry_opened',
      data: { uuid: 'm-1', user: hash },
    });
  });

  it('posts nothing to the local log while the settings switch tracking off', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await startAnalytics({ analyticsLogUrl: 'http://127.0.0.1:3000/__local/analytics' }, false)).toBe(
      false,
    );
    recordEvent('entry_opened', { uuid: 'u1' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('records a direct event (an export made in the browser)', async () => {
    await startAnalytics({ rum: MONITOR }, true);
    recordEvent('visualization_exported', { format: 'pdf' });
    expect(rum.events).toEqual([['modelrepository.visualization_exported', { format: 'pdf' }]]);
  });
});
