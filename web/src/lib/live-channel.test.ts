// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, onLiveMessage, openLiveChannel, withToken } from './live-channel';

class FakeSocket {
  static instances: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.onclose?.();
  }
}

describe('live channel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('backs off exponentially up to a cap', () => {
    expect([0, 1, 2, 3, 10].map((a) => backoffDelay(a, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 30_000,
    ]);
  });

  it('puts the token into the query string', () => {
    expect(withToken('ws://127.0.0.1:4001', 'a b')).toBe('ws://127.0.0.1:4001?token=a%20b');
    expect(withToken('wss://x/prod?x=1', 't')).toBe('wss://x/prod?x=1&token=t');
  });

  it('delivers messages and asks to catch up whenever the socket opens, the first time too', async () => {
    const received: unknown[] = [];
    const channel = openLiveChannel({
      url: 'ws://ws',
      getToken: async () => 'tok',
      onMessage: (m) => received.push(m),
      getCatchUpSince: () => '2030-01-01T00:00:00.000Z',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.instances[0] as FakeSocket;
    expect(first.url).toBe('ws://ws?token=tok');
    first.onopen?.();
    // The first open catches up too: a notification created before the socket was registered.
    expect(first.sent.map((s) => JSON.parse(s))).toEqual([
      { action: 'catch-up', since: '2030-01-01T00:00:00.000Z' },
    ]);
    first.onmessage?.({ data: '{"type":"notification","notification":{}}' });
    first.onmessage?.({ data: 'not json' });
    expect(received).toEqual([{ type: 'notification', notification: {} }]);

    first.onclose?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeSocket.instances[1] as FakeSocket;
    second.onopen?.();
    expect(second.sent.map((s) => JSON.parse(s))).toEqual([
      { action: 'catch-up', since: '2030-01-01T00:00:00.000Z' },
    ]);

    channel.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('asks nothing when there is nothing to catch up from, and says so once it listens', async () => {
    const listening: boolean[] = [];
    let since: string | undefined;
    const channel = openLiveChannel({
      url: 'ws://ws',
      getToken: async () => 'tok',
      onMessage: () => undefined,
      getCatchUpSince: () => since,
      onListening: (caughtUp) => listening.push(caughtUp),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.instances.at(-1) as FakeSocket;
    expect(listening).toEqual([]);
    socket.onopen?.();
    expect(socket.sent).toEqual([]);
    expect(listening).toEqual([false]);

    since = '2030-01-01T00:00:00.000Z';
    socket.onclose?.();
    await vi.advanceTimersByTimeAsync(1000);
    (FakeSocket.instances.at(-1) as FakeSocket).onopen?.();
    expect(listening).toEqual([false, true]);
    channel.close();
  });

  it('hands every message to the listeners of the channel too, until they unsubscribe', async () => {
    const heard: unknown[] = [];
    const stop = onLiveMessage((m) => heard.push(m));
    const delivered: unknown[] = [];
    const channel = openLiveChannel({
      url: 'ws://x',
      getToken: async () => 't',
      onMessage: (m) => delivered.push(m),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    await vi.advanceTimersByTimeAsync(0);
    const [socket] = FakeSocket.instances;
    socket?.onmessage?.({ data: '{"type":"archive-progress","archiveId":"A"}' });
    socket?.onmessage?.({ data: 'not json' });
    stop();
    socket?.onmessage?.({ data: '{"type":"archive-ready","archiveId":"A"}' });
    expect(heard).toEqual([{ type: 'archive-progress', archiveId: 'A' }]);
    expect(delivered).toHaveLength(2);
    channel.close();
  });
});
