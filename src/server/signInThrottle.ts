/**
 * Sign-in throttling (CONTRACT.md "Sign-in throttling"), keyed as OWASP advises: by the (user name,
 * address) pair and by the address alone. A try is counted in the database before its password is
 * checked: one transaction locks both keys' rows, refuses the try while either is locked or already
 * holds SIGN_IN_FREE_TRIES tries (failed, or still being checked), and otherwise records it as
 * pending. A wrong password turns it into a failure: SIGN_IN_FREE_TRIES failures within
 * SIGN_IN_WINDOW_MS lock the key for SIGN_IN_FIRST_LOCK_MS, each further lock within
 * SIGN_IN_STRIKE_MEMORY_MS twice as long, up to SIGN_IN_MAX_LOCK_MS. A right password clears its pair
 * and takes its try off the address (one known account does not reset the count of guesses at others).
 *
 * So guesses sent at once get exactly the checks of guesses sent one by one, every backend process
 * on the database counts the same tries, and a refused try counts nothing (a burst cannot push a
 * lock up to the hour). An attacker's burst locks their own address and their pair with the name,
 * not the account: its owner signs in from their own address. The clock is injected (tests move it).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './db/adapter';
import { json } from './db/adapter';

export const SIGN_IN_FREE_TRIES = 5;
export const SIGN_IN_WINDOW_MS = 60_000;
export const SIGN_IN_FIRST_LOCK_MS = 60_000;
export const SIGN_IN_MAX_LOCK_MS = 60 * 60_000;
export const SIGN_IN_STRIKE_MEMORY_MS = 60 * 60_000;
/** A try still pending after this counts as failed: the process checking it died (a hash takes milliseconds). */
export const SIGN_IN_PENDING_MAX_MS = 30_000;
/** The wait answered while the free tries are all being checked (their outcome decides whether a lock follows). */
export const SIGN_IN_BUSY_WAIT_MS = 1000;

export interface KeyState {
  /** Times of failed tries within the window. */
  failures: number[];
  /** Tries being checked: their id and start. */
  pending: { id: string; at: number }[];
  strikes: number;
  /** When the last lock began, or null. */
  lastStrike: number | null;
  lockedUntil: number;
}

export const pairKey = (username: string, address: string) => `pair:${address}\n${username.toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

const FRESH: KeyState = { failures: [], pending: [], strikes: 0, lastStrike: null, lockedUntil: 0 };

/** A key's state after one more failed try at `now`. */
export function afterFailure(state: KeyState, now: number): KeyState {
  const failures = [...state.failures.filter((t) => t > now - SIGN_IN_WINDOW_MS), now];
  if (failures.length < SIGN_IN_FREE_TRIES) return { ...state, failures };
  const strikes = (state.lastStrike !== null && now - state.lastStrike <= SIGN_IN_STRIKE_MEMORY_MS ? state.strikes : 0) + 1;
  return { ...state, failures: [], strikes, lastStrike: now, lockedUntil: now + Math.min(SIGN_IN_FIRST_LOCK_MS * 2 ** (strikes - 1), SIGN_IN_MAX_LOCK_MS) };
}

/** A stored state (rows from before pending tries were kept have none) with its stale pending tries counted as failed. */
function current(stored: Partial<KeyState> | undefined, now: number): KeyState {
  let state: KeyState = { ...FRESH, ...stored, pending: stored?.pending ?? [] };
  for (const stale of state.pending.filter((p) => now - p.at > SIGN_IN_PENDING_MAX_MS)) {
    state = afterFailure({ ...state, pending: state.pending.filter((p) => p !== stale) }, stale.at);
  }
  return state;
}

/** Milliseconds until a try may be counted for this key (0: now). */
export function waitOf(state: KeyState, now: number): number {
  if (state.lockedUntil > now) return state.lockedUntil - now;
  const counted = state.failures.filter((t) => t > now - SIGN_IN_WINDOW_MS).length + state.pending.length;
  return counted >= SIGN_IN_FREE_TRIES ? SIGN_IN_BUSY_WAIT_MS : 0;
}

/** A try admitted by `begin`: settle it once with `failed`, `succeeded` or `cancelled`. */
export interface Attempt {
  id: string;
  pair: string;
  address: string;
}

type Step = (state: KeyState) => KeyState | null;

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a try of `username` from `address` before its password is checked: the attempt, or the seconds to wait. */
  async begin(username: string, address: string): Promise<Attempt | number> {
    const attempt: Attempt = { id: randomUUID(), pair: pairKey(username, address), address: addressKey(address) };
    const now = this.now();
    let wait = 0;
    await this.update([attempt.pair, attempt.address], now, (states) => {
      wait = Math.max(...[...states.values()].map((s) => (s ? waitOf(s, now) : 0)));
      if (wait === 0) for (const [key, state] of states) if (state) states.set(key, { ...state, pending: [...state.pending, { id: attempt.id, at: now }] });
    });
    // Keys quiet for SIGN_IN_STRIKE_MEMORY_MS are forgotten: random names cannot fill the table for long.
    await this.db.query('DELETE FROM sign_in_keys WHERE touched_at < $1 AND locked_until <= $2', [now - SIGN_IN_STRIKE_MEMORY_MS, now]);
    return wait > 0 ? Math.ceil(wait / 1000) : attempt;
  }

  /** A wrong password (or an unknown name): the try counts as failed on both keys. */
  failed(a: Attempt): Promise<void> {
    const now = this.now();
    return this.settle(a, now, (s) => afterFailure(s, now), (s) => afterFailure(s, now));
  }

  /** The right password: the pair is cleared; the address keeps its failures, not this try. */
  succeeded(a: Attempt): Promise<void> {
    return this.settle(a, this.now(), () => null, (s) => s);
  }

  /** The password could not be checked (the server was busy): the try counts for nothing. */
  cancelled(a: Attempt): Promise<void> {
    return this.settle(a, this.now(), (s) => s, (s) => s);
  }

  private settle(a: Attempt, now: number, pair: Step, address: Step): Promise<void> {
    return this.update([a.pair, a.address], now, (states) => {
      for (const [key, state] of states) if (state) states.set(key, (key === a.pair ? pair : address)({ ...state, pending: state.pending.filter((p) => p.id !== a.id) }));
    });
  }

  /** One transaction over the keys' rows, locked in one order for every process (no deadlock); a state set to null is deleted. */
  private async update(keys: string[], now: number, change: (states: Map<string, KeyState | null>) => void): Promise<void> {
    const sorted = [...new Set(keys)].sort();
    await this.db.transaction(async (tx) => {
      const states = new Map<string, KeyState | null>();
      for (const key of sorted) {
        await tx.query('INSERT INTO sign_in_keys (key, state, locked_until, touched_at) VALUES ($1, $2::jsonb, 0, $3) ON CONFLICT (key) DO NOTHING', [key, json(FRESH), now]);
        const [row] = await tx.query<{ state: Partial<KeyState> }>('SELECT state FROM sign_in_keys WHERE key = $1 FOR UPDATE', [key]);
        states.set(key, current(row?.state, now));
      }
      change(states);
      for (const [key, state] of states) {
        if (state) await tx.query('UPDATE sign_in_keys SET state = $2::jsonb, locked_until = $3, touched_at = $4 WHERE key = $1', [key, json(state), state.lockedUntil, now]);
        else await tx.query('DELETE FROM sign_in_keys WHERE key = $1', [key]);
      }
    });
  }
}
