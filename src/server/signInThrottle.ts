/**
 * Sign-in throttling, per user name and per address: SIGN_IN_FREE_TRIES failed tries within
 * SIGN_IN_WINDOW_MS lock the key for SIGN_IN_FIRST_LOCK_MS; each further lock within
 * SIGN_IN_STRIKE_MEMORY_MS lasts twice as long as the one before, up to SIGN_IN_MAX_LOCK_MS. While a
 * key is locked, a try is answered 429 with `Retry-After` before the password is even checked.
 * A right password clears its user name (not its address: one known account must not reset the
 * count of guesses at others). The clock is injected (tests move it).
 *
 * Per-name locks let anyone lock a name out for a while by guessing at it; that is the price of
 * stopping guesses spread over many addresses, and the lock is short at first.
 */
export const SIGN_IN_FREE_TRIES = 5;
export const SIGN_IN_WINDOW_MS = 60_000;
export const SIGN_IN_FIRST_LOCK_MS = 60_000;
export const SIGN_IN_MAX_LOCK_MS = 60 * 60_000;
export const SIGN_IN_STRIKE_MEMORY_MS = 60 * 60_000;
/** Keys remembered at most (the oldest quiet ones are forgotten first): random names cannot fill the memory. */
export const SIGN_IN_KEYS_MAX = 10_000;

interface KeyState {
  /** Times of failed tries within the window. */
  failures: number[];
  strikes: number;
  lastStrike: number;
  lockedUntil: number;
}

export const userKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

export class SignInThrottle {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until a try for these keys may run (0: now). */
  wait(keys: readonly string[]): number {
    const now = this.now();
    const until = Math.max(0, ...keys.map((k) => this.keys.get(k)?.lockedUntil ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  failed(keys: readonly string[]): void {
    const now = this.now();
    for (const key of keys) {
      const state = this.keys.get(key) ?? { failures: [], strikes: 0, lastStrike: -Infinity, lockedUntil: 0 };
      state.failures = state.failures.filter((t) => t > now - SIGN_IN_WINDOW_MS);
      state.failures.push(now);
      if (state.failures.length >= SIGN_IN_FREE_TRIES) {
        state.strikes = (now - state.lastStrike <= SIGN_IN_STRIKE_MEMORY_MS ? state.strikes : 0) + 1;
        state.lockedUntil = now + Math.min(SIGN_IN_FIRST_LOCK_MS * 2 ** (state.strikes - 1), SIGN_IN_MAX_LOCK_MS);
        state.lastStrike = now;
        state.failures = [];
      }
      // Re-inserted: the map's order is the order of last use, oldest first.
      this.keys.delete(key);
      this.keys.set(key, state);
    }
    this.forgetQuietKeys(now);
  }

  succeeded(key: string): void {
    this.keys.delete(key);
  }

  private forgetQuietKeys(now: number): void {
    if (this.keys.size <= SIGN_IN_KEYS_MAX) return;
    for (const [key, s] of this.keys) {
      if (this.keys.size <= SIGN_IN_KEYS_MAX) return;
      const quiet = s.lockedUntil <= now && now - s.lastStrike > SIGN_IN_STRIKE_MEMORY_MS && s.failures.every((t) => t <= now - SIGN_IN_WINDOW_MS);
      if (quiet) this.keys.delete(key);
    }
    // Still too many: the least recently used go, locked or not.
    for (const key of this.keys.keys()) {
      if (this.keys.size <= SIGN_IN_KEYS_MAX) return;
      this.keys.delete(key);
    }
  }
}
