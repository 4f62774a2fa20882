import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeStandIns,
  type RecordedRequest,
  startStandIn,
  stubAwsCredentials,
} from '../../test/support/aws-stand-in';

const connections = vi.hoisted(() => ({ deleteConnection: vi.fn(), listUserConnectionIds: vi.fn() }));
const settings = vi.hoisted(() => ({ env: { wsCallbackUrl: '', region: 'eu-west-1' } }));
vi.mock('./env', () => settings);
vi.mock('../data/connections', () => connections);

const { pushToConnection, pushToUser } = await import('./push');
const { forgetAwsCredentials } = await import('./aws-rest');

/** The stage's @connections API: answers per connection id (200 unless set), records every request. */
const answers = new Map<string, number>();
let received: RecordedRequest[] = [];

beforeAll(async () => {
  const standIn = await startStandIn((request) => {
    const id = decodeURIComponent(request.url.split('/@connections/')[1] ?? '');
    const status = answers.get(id) ?? 200;
    return {
      status,
      headers: {
        'content-type': 'application/json',
        ...(status === 410 ? { 'x-amzn-errortype': 'GoneException' } : {}),
      },
      body: status === 200 ? '' : JSON.stringify({ message: status === 410 ? null : 'boom' }),
    };
  });
  received = standIn.requests;
  settings.env.wsCallbackUrl = `${standIn.endpoint}/prod`;
});

afterAll(closeStandIns);

beforeEach(() => {
  vi.clearAllMocks();
  received.length = 0;
  answers.clear();
  stubAwsCredentials('AKIDPUSHTEST', 'secret');
  forgetAwsCredentials();
  connections.deleteConnection.mockResolvedValue(undefined);
});

describe('push', () => {
  it('posts the JSON message to the connection under the stage, signed for execute-api', async () => {
    expect(await pushToConnection('L0SM9cOFvHcCIhw=', { type: 'pong' })).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.url).toBe('/prod/@connections/L0SM9cOFvHcCIhw%3D');
    expect(received[0]?.body.toString()).toBe('{"type":"pong"}');
    expect(received[0]?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDPUSHTEST\/\d{8}\/eu-west-1\/execute-api\/aws4_request, /,
    );
  });

  it('deletes a connection that is gone', async () => {
    answers.set('c1', 410);
    expect(await pushToConnection('c1', { type: 'pong' }, 'viewer')).toBe(false);
    expect(connections.deleteConnection).toHaveBeenCalledWith('c1', 'viewer');
  });

  it('keeps a connection on other failures and does not throw', async () => {
    answers.set('c1', 400);
    expect(await pushToConnection('c1', { type: 'pong' })).toBe(false);
    expect(connections.deleteConnection).not.toHaveBeenCalled();
  });

  it("pushes to all of a user's connections and counts deliveries", async () => {
    connections.listUserConnectionIds.mockResolvedValue(['c1', 'c2']);
    answers.set('c2', 410);
    expect(await pushToUser('viewer', { type: 'pong' })).toBe(1);
    expect(connections.deleteConnection).toHaveBeenCalledWith('c2', 'viewer');
    expect(connections.deleteConnection).toHaveBeenCalledTimes(1);
  });
});
