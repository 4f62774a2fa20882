/**
 * The WebSocket live channel: `${wsUrl}?token=<ID token>` (browsers cannot set headers on a
 * WebSocket). Reconnects with exponential backoff and a fresh token. Each time the socket opens, the
 * first time too, it asks the server for what it missed (`catch-up`) since the newest item the page
 * knows: a notification created between the page's first list request and the socket's registration
 * would otherwise show only after a reload. Messages are delivered parsed; unparsable ones are dropped.
 */
export interface LiveChannelOptions {
  url: string;
  getToken: () => Promise<string | undefined>;
  onMessage: (message: unknown) => void;
  /** The instant of the newest item already known, sent with `catch-up` when the socket opens; undefined: ask nothing. */
  getCatchUpSince?: () => string | undefined;
  /**
   * Each time the socket opens, after it asked to catch up (`caughtUp`) or had nothing to ask from.
   * From then on the server pushes to this socket: what was created before and not caught up must
   * be loaded by the page.
   */
  onListening?: (caughtUp: boolean) => void;
  createSocket?: (url: string) => WebSocket;
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Everyone else who listens: features that follow something live (a "Download all" archive's
 * progress...) hear every message of the app's one channel without opening a socket of their own.
 */
const listeners = new Set<(message: unknown) => void>();

/** Hears every parsed message of every open live channel; returns the unsubscribe. */
export function onLiveMessage(listener: (message: unknown) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands a message to the channel's listeners (what an open socket does with each message it receives). */
export function publishLiveMessage(message: unknown): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch {
      // One listener's bug must not cost the others their message.
    }
  }
}

export function backoffDelay(attempt: number, initialDelayMs = 1000, maxDelayMs = 30_000): number {
  return Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, attempt));
}

export function withToken(url: string, token: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}token=${encodeURIComponent(token)}`;
}

export function openLiveChannel(options: LiveChannelOptions): { close: () => void } {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | undefined;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = backoffDelay(attempt, options.initialDelayMs, options.maxDelayMs);
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (closed) return;
    const token = await options.getToken();
    if (closed) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    const ws = create(withToken(options.url, token));
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      const since = options.getCatchUpSince?.();
      if (since) ws.send(JSON.stringify({ action: 'catch-up', since }));
      options.onListening?.(since !== undefined);
    };
    ws.onmessage = (event) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        // Not JSON: nothing this client understands.
        return;
      }
      try {
        options.onMessage(message);
      } finally {
        publishLiveMessage(message);
      }
    };
    ws.onclose = () => {
      if (socket === ws) socket = undefined;
      scheduleReconnect();
    };
  };

  void connect();
  return {
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
      socket = undefined;
    },
  };
}
