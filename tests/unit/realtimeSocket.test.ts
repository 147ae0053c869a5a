// @vitest-environment node
/**
 * The real-time socket wrapper (§9 Socket: reconnect 2 s to 30 s, 10 retries, ping 5 s; RELIABILITY
 * R1/R9) over reconnecting-websocket, driven with a fake WebSocket and fake timers: registration
 * first, the state the toolbar shows, the retries running out, Reconnect, a refused registration,
 * and a silent socket.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSocket, reconnectDelay, type Frame, type SocketState } from '../../src/realtime/socket';
import { openStudioSocket } from '../../src/realtime/studioSocket';
import { SOCKET_MAX_RECONNECT_MS, SOCKET_MAX_RETRIES, SOCKET_PING_MS } from '../../src/lib/limits';
import { CLOSE_REGISTER_TIMEOUT } from '../../src/lib/socketClose';

type Listener = (event: unknown) => void;

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static made: FakeSocket[] = [];
  CONNECTING = 0;
  OPEN = 1;
  CLOSING = 2;
  CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  sent: Frame[] = [];
  private listeners = new Map<string, Set<Listener>>();
  constructor(public url: string) {
    FakeSocket.made.push(this);
  }
  addEventListener(type: string, l: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(l);
  }
  removeEventListener(type: string, l: Listener) {
    this.listeners.get(type)?.delete(l);
  }
  private emit(type: string, event: unknown) {
    for (const l of [...(this.listeners.get(type) ?? [])]) l(event);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Frame);
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit('close', { code, reason: '', wasClean: true });
  }
  /** The server side. */
  accept() {
    this.readyState = 1;
    this.emit('open', {});
  }
  say(frame: Frame) {
    this.emit('message', { data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.emit('close', { code, reason: '', wasClean: false });
  }
}

const latest = () => FakeSocket.made.at(-1)!;
const settle = () => vi.advanceTimersByTimeAsync(0);

function open(extra: Partial<Parameters<typeof openSocket>[0]> = {}) {
  const states: SocketState[] = [];
  const frames: Frame[] = [];
  const reconnected = vi.fn();
  const refused = vi.fn();
  const socket = openSocket({
    url: 'ws://studio.test/socket',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    events: null,
    register: () => ({ type: 'register', token: 't' }),
    isRegistered: (f) => f.type === 'registered',
    onFrame: (f) => frames.push(f),
    onState: (s) => states.push(s),
    onReconnected: reconnected,
    onRefused: refused,
    ...extra,
  });
  return { socket, states, frames, reconnected, refused };
}

async function connected() {
  await settle();
  const s = latest();
  s.accept();
  s.say({ type: 'registered' });
  return s;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
  FakeSocket.made = [];
});
afterEach(() => vi.useRealTimers());

describe('the real-time socket', () => {
  it('registers first, and refuses frames until the server has answered the registration', async () => {
    const { socket, states, frames } = open();
    await settle();
    const s = latest();
    expect(socket.send({ type: 'hello' })).toBe(false);
    s.accept();
    expect(s.sent[0]).toEqual({ type: 'register', token: 't' });
    expect(socket.state().status).toBe('connecting');
    s.say({ type: 'registered' });
    expect(states.at(-1)).toEqual({ status: 'connected', nextRetryAt: null });
    expect(socket.send({ type: 'hello' })).toBe(true);
    expect(s.sent.at(-1)).toEqual({ type: 'hello' });
    expect(frames).toEqual([{ type: 'registered' }]);
    socket.close();
  });

  it('a drop shows reconnecting with the next try 2 s away; the reconnect registers again and says so', async () => {
    const { socket, states, reconnected } = open();
    await connected();
    vi.advanceTimersByTime(5000); // a while up: the retry count starts over
    latest().drop();
    expect(states.at(-1)).toEqual({ status: 'reconnecting', nextRetryAt: Date.now() + 2000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(2);
    await connected();
    expect(states.at(-1)?.status).toBe('connected');
    expect(reconnected).toHaveBeenCalledTimes(1);
    socket.close();
  });

  it('after 10 failed retries it is offline, and Reconnect tries again at once', async () => {
    const { socket, states } = open();
    await connected();
    vi.advanceTimersByTime(5000);
    latest().drop();
    for (let i = 0; i < SOCKET_MAX_RETRIES + 2; i++) {
      await vi.advanceTimersByTimeAsync(reconnectDelay(SOCKET_MAX_RETRIES));
      if (latest().readyState !== 3) latest().drop();
    }
    expect(FakeSocket.made).toHaveLength(1 + SOCKET_MAX_RETRIES);
    expect(states.at(-1)).toEqual({ status: 'offline', nextRetryAt: null });
    const delays = states.filter((s) => s.status === 'reconnecting').map((s) => s.nextRetryAt);
    expect(delays.length).toBe(SOCKET_MAX_RETRIES);

    socket.reconnectNow();
    await settle();
    expect(FakeSocket.made).toHaveLength(2 + SOCKET_MAX_RETRIES);
    await connected();
    expect(states.at(-1)?.status).toBe('connected');
    socket.close();
  });

  it('a refused registration (4401/4403) stops trying and says so', async () => {
    const { states, refused } = open();
    await settle();
    latest().accept();
    latest().drop(4403);
    expect(refused).toHaveBeenCalledWith(4403);
    expect(states.at(-1)).toEqual({ status: 'offline', nextRetryAt: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('a registration that timed out (4408: the page was busy past the deadline) is no refusal: it connects again and registers', async () => {
    const { socket, refused } = open();
    await settle();
    latest().accept();
    latest().drop(CLOSE_REGISTER_TIMEOUT);
    expect(refused).not.toHaveBeenCalled();
    expect(socket.state().status).toBe('reconnecting');
    for (let waited = 0; FakeSocket.made.length < 2 && waited <= SOCKET_MAX_RECONNECT_MS; waited += 100) await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.made).toHaveLength(2);
    const again = latest();
    again.accept();
    expect(again.sent[0]).toEqual({ type: 'register', token: 't' });
    again.say({ type: 'registered' });
    expect(socket.state().status).toBe('connected');
    socket.close();
  });

  it('pings every 5 s, answers pings, and drops a socket that has been silent for two pings', async () => {
    const { socket } = open();
    const s = await connected();
    s.say({ type: 'ping' });
    expect(s.sent.at(-1)).toEqual({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(SOCKET_PING_MS);
    expect(s.sent.at(-1)).toEqual({ type: 'ping' });
    await vi.advanceTimersByTimeAsync(2 * SOCKET_PING_MS + 1);
    expect(s.readyState).toBe(3); // closed by the wrapper: reconnecting
    expect(socket.state().status).toBe('reconnecting');
    socket.close();
  });
});

describe('the studio socket', () => {
  it('passes the broadcast’s live.status frames on (its one push; no separate broadcast state)', async () => {
    const onLiveStatus = vi.fn();
    const socket = openStudioSocket({
      url: 'ws://studio.test/api/studio/websocket',
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      events: null,
      channel: 'c1',
      credentials: () => ({ token: 't' }),
      onChannel: () => undefined,
      onLiveStatus,
    });
    const s = await connected();
    expect(s.sent[0]).toEqual({ type: 'register', channel: 'c1', token: 't' });
    s.say({ type: 'live.status', status: { job: null } });
    expect(onLiveStatus).toHaveBeenCalledWith({ job: null });
    socket.close();
  });
});
