/**
 * One real-time socket of §7 on reconnecting-websocket: reconnect from 2 s up to 30 s, 10 retries,
 * a ping every 5 s. The first frame on every (re)connect is the registration; frames sent before the
 * server answered it are refused (reconnecting-websocket would queue them ahead of the registration,
 * and it never resends a frame sent just before a socket died, so anything that must arrive goes
 * over REST with its own retries). The state (connected, reconnecting with the next try's time,
 * offline) is reported for the toolbar; the browser's `online` event reconnects at once.
 */
import ReconnectingWebSocket from 'reconnecting-websocket';
import { log } from '../log';
import { REFUSAL_CODES } from '../lib/socketClose';
import {
  SOCKET_MAX_RECONNECT_MS,
  SOCKET_MAX_RETRIES,
  SOCKET_MIN_RECONNECT_MS,
  SOCKET_MIN_UPTIME_MS,
  SOCKET_PING_MS,
  SOCKET_RECONNECT_GROWTH,
} from '../lib/limits';

export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface SocketState {
  status: SocketStatus;
  /** While reconnecting: when the next try starts (epoch ms). */
  nextRetryAt: number | null;
}


/** A frame as JSON; everything a socket receives is checked by its reader. */
export type Frame = Record<string, unknown> & { type?: unknown };

export interface SocketOptions {
  url: string;
  /** The registration frame, built fresh for each connect (tokens may change). */
  register(): Frame;
  /** True for the server's answer to the registration (guid_assigned, registered). */
  isRegistered(frame: Frame): boolean;
  onFrame(frame: Frame): void;
  onState?(state: SocketState): void;
  /** After a reconnect has been registered (not the first connect): resync what may have been missed. */
  onReconnected?(): void;
  /** The server refused the registration (close code 4401 or 4403): the socket stops trying. */
  onRefused?(code: number): void;
  /** Node tests pass the `ws` package; browsers use their own. */
  WebSocket?: typeof globalThis.WebSocket;
  now?: () => number;
  /** Where the `online` event comes from (window in the browser). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/** What a socket's reader passes through unchanged. */
export const connection = ({ url, WebSocket, events, onState, onReconnected, onRefused }: Pick<SocketOptions, 'url' | 'WebSocket' | 'events' | 'onState' | 'onReconnected' | 'onRefused'>) => ({
  url,
  WebSocket,
  events,
  onState,
  onReconnected,
  onRefused,
});

/** The delay before retry `n` (1-based), as reconnecting-websocket computes it with our options. */
export function reconnectDelay(retry: number): number {
  if (retry <= 0) return 0;
  return Math.min(SOCKET_MAX_RECONNECT_MS, SOCKET_MIN_RECONNECT_MS * SOCKET_RECONNECT_GROWTH ** (retry - 1));
}

/** A ws URL for a configured address (relative to the page; http→ws, https→wss). */
export function socketUrl(address: string, origin = typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1'): string {
  const url = new URL(address, origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.href;
}

export function openSocket(options: SocketOptions) {
  const now = options.now ?? Date.now;
  let registered = false;
  let everRegistered = false;
  let closed = false;
  let lastHeard = now();
  let lastRetry = -1;
  let state: SocketState = { status: 'connecting', nextRetryAt: null };
  const setState = (next: SocketState) => {
    if (next.status === state.status && next.nextRetryAt === state.nextRetryAt) return;
    state = next;
    options.onState?.(state);
  };

  function onMessage(event: MessageEvent): void {
    lastHeard = now();
    let frame: Frame;
    try {
      const parsed: unknown = JSON.parse(String(event.data));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
      frame = parsed as Frame;
    } catch {
      return; // not JSON: nothing a socket of ours sends
    }
    if (frame.type === 'ping') return void ws.send(JSON.stringify({ type: 'pong' }));
    if (frame.type === 'pong') return;
    if (!registered && options.isRegistered(frame)) {
      registered = true;
      lastRetry = -1;
      setState({ status: 'connected', nextRetryAt: null });
      if (everRegistered) options.onReconnected?.();
      everRegistered = true;
    }
    options.onFrame(frame);
  }

  function onClose(event: { code: number; reason?: string }): void {
    registered = false;
    if (closed) return;
    if (REFUSAL_CODES.includes(event.code)) {
      // Final, so the studio's log says which socket and why (the reason never holds a token).
      log.warn('socket', `${new URL(options.url).pathname} refused (${event.code} ${event.reason ?? ''})`);
      stop();
      setState({ status: 'offline', nextRetryAt: null });
      options.onRefused?.(event.code);
      return;
    }
    // reconnecting-websocket has already scheduled its next try (and counted it) when it reports the
    // close; after the last try it schedules none, and the count stays where it was.
    const retry = ws.retryCount;
    const exhausted = retry >= SOCKET_MAX_RETRIES && retry === lastRetry;
    lastRetry = retry;
    if (exhausted) setState({ status: 'offline', nextRetryAt: null });
    else setState({ status: 'reconnecting', nextRetryAt: now() + reconnectDelay(retry) });
  }

  function connect(): ReconnectingWebSocket {
    const next = new ReconnectingWebSocket(options.url, [], {
      WebSocket: options.WebSocket,
      minReconnectionDelay: SOCKET_MIN_RECONNECT_MS,
      maxReconnectionDelay: SOCKET_MAX_RECONNECT_MS,
      reconnectionDelayGrowFactor: SOCKET_RECONNECT_GROWTH,
      maxRetries: SOCKET_MAX_RETRIES,
      minUptime: SOCKET_MIN_UPTIME_MS,
      connectionTimeout: 4000,
    });
    // Only the current socket counts: one replaced by reconnectNow still reports its own close.
    next.addEventListener('open', () => {
      lastHeard = now();
      next.send(JSON.stringify(options.register()));
    });
    next.addEventListener('message', (e: MessageEvent) => {
      if (next === ws) onMessage(e);
    });
    next.addEventListener('close', (e: { code: number; reason?: string }) => {
      if (next === ws) onClose(e);
    });
    return next;
  }
  let ws = connect();

  // A ping every 5 s; a socket silent for two pings is dead even if TCP has not noticed.
  const pinger = setInterval(() => {
    if (!registered) return;
    if (now() - lastHeard > 2 * SOCKET_PING_MS) return void ws.reconnect();
    ws.send(JSON.stringify({ type: 'ping' }));
  }, SOCKET_PING_MS);

  /**
   * Tries at once (the `online` event, the toolbar's Reconnect). Past its last retry
   * reconnecting-websocket cannot be restarted (its connect lock stays taken), so a new one replaces it.
   */
  const reconnectNow = () => {
    if (closed || registered) return;
    setState({ status: 'reconnecting', nextRetryAt: now() });
    lastRetry = -1;
    ws.close();
    ws = connect();
  };
  const events = options.events === undefined ? (typeof window !== 'undefined' ? window : null) : options.events;
  events?.addEventListener('online', reconnectNow);

  function stop(): void {
    closed = true;
    clearInterval(pinger);
    events?.removeEventListener('online', reconnectNow);
    ws.close();
  }

  return {
    /** Sends a frame if the socket is registered; false when it could not be sent. */
    send(frame: Frame): boolean {
      if (!registered) return false;
      ws.send(JSON.stringify(frame));
      return true;
    },
    state: () => state,
    reconnectNow,
    close: stop,
  };
}

export type Socket = ReturnType<typeof openSocket>;
