/**
 * Sign-in throttling, per user name and per address: SIGN_IN_FREE_TRIES failed tries within
 * SIGN_IN_WINDOW_MS lock the key for SIGN_IN_FIRST_LOCK_MS; each further lock within
 * SIGN_IN_STRIKE_MEMORY_MS lasts twice as long as the one before, up to SIGN_IN_MAX_LOCK_MS. While a
 * key is locked, a try is answered 429 with `Retry-After` before the password is even checked.
 * A right password clears its user name (not its address: one known account must not reset the
 * count of guesses at others). The clock is injected (tests move it).
 *
 * The keys live in the database (`sign_in_keys`), so every backend process on it counts the same
 * tries: behind a load balancer, N processes do not give a guesser N times the tries. A key quiet
 * for SIGN_IN_STRIKE_MEMORY_MS is forgotten, so random names cannot fill the table for long.
 *
 * Per-name locks let anyone lock a name out for a while by guessing at it; that is the price of
 * stopping guesses spread over many addresses, and the lock is short at first.
 */
import type { Db } from './db/adapter';
import { json } from './db/adapter';

export const SIGN_IN_FREE_TRIES = 5;
export const SIGN_IN_WINDOW_MS = 60_000;
export const SIGN_IN_FIRST_LOCK_MS = 60_000;
export const SIGN_IN_MAX_LOCK_MS = 60 * 60_000;
export const SIGN_IN_STRIKE_MEMORY_MS = 60 * 60_000;

export interface KeyState {
  /** Times of failed tries within the window. */
  failures: number[];
  strikes: number;
  /** When the last lock began, or null. */
  lastStrike: number | null;
  lockedUntil: number;
}

export const userKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

const FRESH: KeyState = { failures: [], strikes: 0, lastStrike: null, lockedUntil: 0 };

/** A key's state after one more failed try at `now`. */
export function afterFailure(state: KeyState, now: number): KeyState {
  const failures = [...state.failures.filter((t) => t > now - SIGN_IN_WINDOW_MS), now];
  if (failures.length < SIGN_IN_FREE_TRIES) return { ...state, failures };
  const strikes = (state.lastStrike !== null && now - state.lastStrike <= SIGN_IN_STRIKE_MEMORY_MS ? state.strikes : 0) + 1;
  return { failures: [], strikes, lastStrike: now, lockedUntil: now + Math.min(SIGN_IN_FIRST_LOCK_MS * 2 ** (strikes - 1), SIGN_IN_MAX_LOCK_MS) };
}

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until a try for these keys may run (0: now). */
  async wait(keys: readonly string[]): Promise<number> {
    const now = this.now();
    const rows = await this.db.query<{ locked_until: number }>('SELECT locked_until FROM sign_in_keys WHERE key = ANY($1::text[])', [[...keys]]);
    const until = Math.max(0, ...rows.map((r) => r.locked_until));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** One more failed try for each key (counted under a row lock: processes trying at once each count). */
  async failed(keys: readonly string[]): Promise<void> {
    const now = this.now();
    const sorted = [...new Set(keys)].sort(); // one lock order for every process: no deadlock
    await this.db.transaction(async (tx) => {
      for (const key of sorted) {
        await tx.query('INSERT INTO sign_in_keys (key, state, locked_until, touched_at) VALUES ($1, $2::jsonb, 0, $3) ON CONFLICT (key) DO NOTHING', [key, json(FRESH), now]);
        const [row] = await tx.query<{ state: KeyState }>('SELECT state FROM sign_in_keys WHERE key = $1 FOR UPDATE', [key]);
        const next = afterFailure(row?.state ?? FRESH, now);
        await tx.query('UPDATE sign_in_keys SET state = $2::jsonb, locked_until = $3, touched_at = $4 WHERE key = $1', [key, json(next), next.lockedUntil, now]);
      }
      await tx.query('DELETE FROM sign_in_keys WHERE touched_at < $1 AND locked_until <= $2', [now - SIGN_IN_STRIKE_MEMORY_MS, now]);
    });
  }

  async succeeded(key: string): Promise<void> {
    await this.db.query('DELETE FROM sign_in_keys WHERE key = $1', [key]);
  }
}
