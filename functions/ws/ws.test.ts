import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const verifier = vi.hoisted(() => ({ verifyIdToken: vi.fn() }));
const users = vi.hoisted(() => ({ getUser: vi.fn() }));
const connections = vi.hoisted(() => ({
  putConnection: vi.fn(),
  deleteConnection: vi.fn(),
  getConnection: vi.fn(),
}));
const push = vi.hoisted(() => ({ pushToConnection: vi.fn() }));
const catchUp = vi.hoisted(() => ({ catchUpNotifications: vi.fn() }));
vi.mock('../lib/token-verifier', () => verifier);
vi.mock('../data/users', () => users);
vi.mock('../data/connections', () => connections);
vi.mock('../core/connections/push-to-connection', () => push);
vi.mock('../core/notifications/catch-up-notifications', () => catchUp);

const connect = (await import('./connect')).handler;
const disconnect = (await import('./disconnect')).handler;
const onMessage = (await import('./default')).handler;

function wsEvent(options: { token?: string; body?: string } = {}): APIGatewayProxyWebsocketEventV2 {
  return {
    requestContext: { connectionId: 'conn-1', routeKey: '$connect' },
    isBase64Encoded: false,
    ...(options.token ? { queryStringParameters: { token: options.token } } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
  } as unknown as APIGatewayProxyWebsocketEventV2;
}

const viewer = {
  id: 'viewer',
  firstName: 'Victor',
  lastName: 'Viewer',
  email: 'viewer@example.com',
  active: true,
  userType: 'INTERNALUSER',
  createdOn: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.clearAllMocks();
  connections.putConnection.mockResolvedValue(undefined);
  connections.deleteConnection.mockResolvedValue(undefined);
  push.pushToConnection.mockResolvedValue(true);
});

describe('$connect', () => {
  it('refuses a missing token with 401', async () => {
    expect(await connect(wsEvent())).toEqual({ statusCode: 401 });
    expect(verifier.verifyIdToken).not.toHaveBeenCalled();
  });

  it('refuses an invalid token with 401', async () => {
    verifier.verifyIdToken.mockRejectedValue(new Error('bad signature'));
    expect(await connect(wsEvent({ token: 'forged' }))).toEqual({ statusCode: 401 });
    expect(connections.putConnection).not.toHaveBeenCalled();
  });

  it('refuses an inactive user with 403', async () => {
    verifier.verifyIdToken.mockResolvedValue({ 'cognito:username': 'viewer', token_use: 'id' });
    users.getUser.mockResolvedValue({ ...viewer, active: false });
    expect(await connect(wsEvent({ token: 't' }))).toEqual({ statusCode: 403 });
    expect(connections.putConnection).not.toHaveBeenCalled();
  });

  it('stores the connection of an active user', async () => {
    verifier.verifyIdToken.mockResolvedValue({ 'cognito:username': 'viewer', token_use: 'id' });
    users.getUser.mockResolvedValue(viewer);
    expect(await connect(wsEvent({ token: 't' }))).toEqual({ statusCode: 200 });
    expect(verifier.verifyIdToken).toHaveBeenCalledWith('t');
    expect(connections.putConnection).toHaveBeenCalledWith({
      connectionId: 'conn-1',
      userId: 'viewer',
      connectedAt: expect.any(String),
    });
  });
});

describe('$disconnect', () => {
  it('deletes the connection', async () => {
    expect(await disconnect(wsEvent())).toEqual({ statusCode: 200 });
    expect(connections.deleteConnection).toHaveBeenCalledWith('conn-1');
  });
});

describe('$default', () => {
  it('answers ping with a pong through @connections', async () => {
    connections.getConnection.mockResolvedValue({
      connectionId: 'conn-1',
      userId: 'viewer',
      connectedAt: '',
    });
    expect(await onMessage(wsEvent({ body: '{"action":"ping"}' }))).toEqual({ statusCode: 200 });
    expect(push.pushToConnection).toHaveBeenCalledWith('conn-1', { type: 'pong' }, 'viewer');
  });

  it('pushes missed notifications on catch-up', async () => {
    connections.getConnection.mockResolvedValue({
      connectionId: 'conn-1',
      userId: 'viewer',
      connectedAt: '',
    });
    catchUp.catchUpNotifications.mockResolvedValue(2);
    const body = JSON.stringify({ action: 'catch-up', since: '2026-01-01T00:00:00.000Z' });
    expect(await onMessage(wsEvent({ body }))).toEqual({ statusCode: 200 });
    expect(catchUp.catchUpNotifications).toHaveBeenCalledWith('viewer', 'conn-1', '2026-01-01T00:00:00.000Z');
  });

  it('answers 400 to an unknown message and 401 for an unknown connection', async () => {
    expect(await onMessage(wsEvent({ body: 'not json' }))).toEqual({ statusCode: 400 });
    expect(await onMessage(wsEvent({ body: '{"action":"dance"}' }))).toEqual({ statusCode: 400 });
    connections.getConnection.mockResolvedValue(undefined);
    expect(await onMessage(wsEvent({ body: '{"action":"ping"}' }))).toEqual({ statusCode: 401 });
    expect(push.pushToConnection).not.toHaveBeenCalled();
  });
});
