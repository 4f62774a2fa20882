import { beforeEach, describe, expect, it, vi } from 'vitest';

const push = vi.hoisted(() => ({ postToConnection: vi.fn() }));
const connections = vi.hoisted(() => ({ deleteConnection: vi.fn() }));
vi.mock('../../lib/push', () => push);
vi.mock('../../data/connections', () => connections);

const { pushToConnection } = await import('./push-to-connection');

beforeEach(() => {
  vi.resetAllMocks();
  connections.deleteConnection.mockResolvedValue(undefined);
});

describe('pushToConnection', () => {
  it('answers true for a delivered message and keeps the connection', async () => {
    push.postToConnection.mockResolvedValue('sent');
    expect(await pushToConnection('c1', { type: 'pong' }, 'viewer')).toBe(true);
    expect(push.postToConnection).toHaveBeenCalledWith('c1', { type: 'pong' });
    expect(connections.deleteConnection).not.toHaveBeenCalled();
  });

  it('deletes a connection that is gone, with the user it belongs to', async () => {
    push.postToConnection.mockResolvedValue('gone');
    expect(await pushToConnection('c1', { type: 'pong' }, 'viewer')).toBe(false);
    expect(connections.deleteConnection).toHaveBeenCalledWith('c1', 'viewer');
  });

  it('does not throw when the stale connection cannot be deleted', async () => {
    push.postToConnection.mockResolvedValue('gone');
    connections.deleteConnection.mockRejectedValue(new Error('table unavailable'));
    expect(await pushToConnection('c1', { type: 'pong' })).toBe(false);
  });

  it('keeps the connection on other failures and does not throw', async () => {
    push.postToConnection.mockRejectedValue(new Error('throttled'));
    expect(await pushToConnection('c1', { type: 'pong' })).toBe(false);
    expect(connections.deleteConnection).not.toHaveBeenCalled();
  });
});
