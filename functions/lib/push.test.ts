import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const connections = vi.hoisted(() => ({ deleteConnection: vi.fn(), listUserConnectionIds: vi.fn() }));
const settings = vi.hoisted(() => ({ env: { wsCallbackUrl: '', region: 'eu-west-1' } }));
vi.mock('./env', () => settings);
vi.mock('../data/connections', () => connections);

const { pushToConnection, pushToUser } = await import('./push');
const { forgetAwsCredentials } = await import('./aws-rest');

/** A stand-in for the stage's @connections API: answers per connection id, records every request. */
interface Received {
  method: string;
  url: string;
  authorization: string;
  body: string;
}
const received: Received[] = [];
const answers = new Map<string, number>();
let server: Server;

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization ?? '',
      body,
    });
    const id = decodeURIComponent((request.url ?? '').split('/@connections/')[1] ?? '');
    const status = answers.get(id) ?? 200;
    response.writeHead(status, {
      'content-type': 'application/json',
      ...(status === 410 ? { 'x-amzn-errortype': 'GoneException' } : {}),
    });
    response.end(status === 200 ? '' : JSON.stringify({ message: status === 410 ? null : 'boom' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  settings.env.wsCallbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  vi.clearAllMocks();
  received.length = 0;
  answers.clear();
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDPUSHTEST');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  forgetAwsCredentials();
  connections.deleteConnection.mockResolvedValue(undefined);
});

describe('push', () => {
  it('posts the JSON message to the connection under the stage, signed for execute-api', async () => {
    expect(await pushToConnection('L0SM9cOFvHcCIhw=', { type: 'pong' })).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.url).toBe('/prod/@connections/L0SM9cOFvHcCIhw%3D');
    expect(received[0]?.body).toBe('{"type":"pong"}');
    expect(received[0]?.authorization).toMatch(
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
