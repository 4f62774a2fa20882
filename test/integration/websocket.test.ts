import { GetConnectionCommand, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { connectionsClient, idToken, localCloud, waitFor } from '../support/local-cloud';

/** Opens a socket; resolves when open, rejects with the HTTP status when the upgrade is refused. */
function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<string> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(data.toString())));
}

describe('local WebSocket gateway', () => {
  const sockets: WebSocket[] = [];
  let listUserConnectionIds: (userId: string) => Promise<string[]>;

  beforeAll(async () => {
    // The app's own access pattern tells us which connection id the gateway gave the socket.
    applyHandlerEnv(handlerEnv(localCloud()));
    ({ listUserConnectionIds } = await import('../../functions/data/connections'));
  });

  afterAll(() => {
    for (const ws of sockets) ws.close();
  });

  it('accepts a client with a token and delivers what is posted to @connections', async () => {
    const before = new Set(await listUserConnectionIds('viewer'));
    const ws = await connect(`${localCloud().ws}?token=${await idToken('viewer')}`);
    sockets.push(ws);
    const connectionId = await waitFor('the connection record', async () =>
      (await listUserConnectionIds('viewer')).find((id) => !before.has(id)),
    );

    const client = connectionsClient();
    const info = await client.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);

    const received = nextMessage(ws);
    await client.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode('{"type":"hello"}'),
      }),
    );
    expect(JSON.parse(await received)).toEqual({ type: 'hello' });
  });

  it('routes client messages to $default, whose answer comes back through @connections', async () => {
    const ws = await connect(`${localCloud().ws}?token=${await idToken('modeler')}`);
    sockets.push(ws);
    const received = nextMessage(ws);
    ws.send(JSON.stringify({ action: 'ping' }));
    expect(JSON.parse(await received)).toEqual({ type: 'pong' });
  });

  it('reports a closed connection as gone and forgets it', async () => {
    const before = new Set(await listUserConnectionIds('owner'));
    const ws = await connect(`${localCloud().ws}?token=${await idToken('owner')}`);
    const connectionId = await waitFor('the connection record', async () =>
      (await listUserConnectionIds('owner')).find((id) => !before.has(id)),
    );
    ws.close();
    await waitFor('$disconnect', async () =>
      (await listUserConnectionIds('owner')).includes(connectionId) ? undefined : true,
    );
    await expect(
      connectionsClient().send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: new Uint8Array([1]) }),
      ),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 410 } });
  });

  it('refuses a client without a token', async () => {
    await expect(connect(localCloud().ws)).rejects.toThrow(/refused with 4\d\d/);
  });

  it('refuses a client with a bad token', async () => {
    await expect(connect(`${localCloud().ws}?token=not-a-token`)).rejects.toThrow(/refused with 4\d\d/);
  });
});
