/**
 * How many frames of one kind a socket may have handled: a token bucket per kind, SOCKET_FRAMES_PER_KIND
 * at once, refilled over SOCKET_FRAME_WINDOW_MS. A client pings every 5 s and sends its state when a
 * person clicks; one guest once sent 300 `state` frames in a burst, each a database write and a roster
 * push to everyone. Frames past the limit wait (a participant's state, merged: eventSocket.ts) or are
 * dropped (a ping, a stop-share request). The clock is injected (tests move it).
 */
export const SOCKET_FRAMES_PER_KIND = 20;
export const SOCKET_FRAME_WINDOW_MS = 1000;
/** The frame kinds counted apart; any other shares one bucket (a socket cannot make buckets without end). */
const KINDS = new Set(['ping', 'register', 'state', 'stopShare']);

export class FrameLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private bucket(kind: unknown) {
    const key = typeof kind === 'string' && KINDS.has(kind) ? kind : 'other';
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: SOCKET_FRAMES_PER_KIND, at: now };
    b.tokens = Math.min(SOCKET_FRAMES_PER_KIND, b.tokens + ((now - b.at) * SOCKET_FRAMES_PER_KIND) / SOCKET_FRAME_WINDOW_MS);
    b.at = now;
    this.buckets.set(key, b);
    return b;
  }

  /** Takes a frame of `kind` if the bucket has room; false: over the limit. */
  take(kind: unknown): boolean {
    const b = this.bucket(kind);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Milliseconds until a frame of `kind` may be taken (0: now). */
  waitMs(kind: unknown): number {
    const b = this.bucket(kind);
    return b.tokens >= 1 ? 0 : Math.ceil(((1 - b.tokens) * SOCKET_FRAME_WINDOW_MS) / SOCKET_FRAMES_PER_KIND);
  }
}
