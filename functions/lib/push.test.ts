import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

const connections = vi.hoisted(() => ({ deleteConnection: vi.fn(), listUserConnectionIds: vi.fn() }));
vi.mock('./env', () => ({ env: { wsCallbackUrl: 'http://127.0.0.1:4000' } }));
vi.mock('../data/connections', () => connections);

const { pushToConnection, pushToUser } = await import('./push');
// The client's overloaded `send` types do not fit a mock; the tests only need calls and results.
const send = vi.spyOn(ApiGatewayManagementApiClient.prototype, 'send') as unknown as MockInstance<
  (command: unknown) => Promise<unknown>
>;

beforeEach(() => {
  vi.clearAllMocks();
  connections.deleteConnection.mockResolvedValue(undefined);
});

describe('push', () => {
  it('posts the JSON message to the connection', async () => {
    send.mockResolvedValue({});
    expect(await pushToConnection('c1', { type: 'pong' })).toBe(true);
    const command = send.mock.calls[0]?.[0] as PostToConnectionCommand;
    expect(command).toBeInstanceOf(PostToConnectionCommand);
    expect(command.input.ConnectionId).toBe('c1');
    expect(new TextDecoder().decode(command.input.Data as Uint8Array)).toBe('{"type":"pong"}');
  });

  it('deletes a connection that is gone', async () => {
    send.mockRejectedValue(new GoneException({ message: 'gone', $metadata: { httpStatusCode: 410 } }));
    expect(await pushToConnection('c1', { type: 'pong' }, 'viewer')).toBe(false);
    expect(connections.deleteConnection).toHaveBeenCalledWith('c1', 'viewer');
  });

  it('keeps a connection on other failures and does not throw', async () => {
    send.mockRejectedValue(new Error('timeout'));
    expect(await pushToConnection('c1', { type: 'pong' })).toBe(false);
    expect(connections.deleteConnection).not.toHaveBeenCalled();
  });

  it("pushes to all of a user's connections and counts deliveries", async () => {
    connections.listUserConnectionIds.mockResolvedValue(['c1', 'c2']);
    send
      .mockResolvedValueOnce({})
      .mockRejectedValueOnce(new GoneException({ message: 'gone', $metadata: {} }));
    expect(await pushToUser('viewer', { type: 'pong' })).toBe(1);
    expect(connections.deleteConnection).toHaveBeenCalledWith('c2', 'viewer');
  });
});
