/**
 * The server's side of channel sync, pure: apply each update once (dedupe by origin + seq), bump the
 * version, merge per key. The backend persists the result and pushes it to every studio socket.
 */
import type { ChannelBody } from '../model/types';
import { isRecord } from '../model/json';
import { applyChanges, diffKeyed, keyedFromBody, type Changes, type KeyedChannel } from './keyed';

export interface ServerChannel {
  version: number;
  /** Highest seq applied per origin. */
  applied: Record<string, number>;
  keyed: KeyedChannel;
}

export interface SyncUpdate {
  origin: string;
  seq: number;
  changes: Changes;
}

export const SYNC_LIMITS = { originLength: 100, changeKeys: 500, keyLength: 200 } as const;

export const emptyServerChannel = (keyed: KeyedChannel = {}): ServerChannel => ({ version: 0, applied: {}, keyed });

/** The highest seq applied for `origin` (0 if none); own properties only, so "constructor" is 0. */
export const appliedSeq = (state: Pick<ServerChannel, 'applied'>, origin: string): number =>
  Object.hasOwn(state.applied, origin) ? (state.applied[origin] ?? 0) : 0;

/**
 * Throws an Error naming what is wrong (the server answers 400). Keys that look like array indices
 * are refused: JavaScript objects put them first, which would break the map's insertion order.
 */
export function validateUpdate(update: unknown): SyncUpdate {
  if (!isRecord(update)) throw new Error('sync update must be an object');
  const { origin, seq, changes } = update;
  if (typeof origin !== 'string' || origin.length === 0 || origin.length > SYNC_LIMITS.originLength) {
    throw new Error(`sync.origin must be a non-empty string of at most ${SYNC_LIMITS.originLength} characters`);
  }
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) throw new Error('sync.seq must be a positive integer');
  const proto: unknown = isRecord(changes) ? Object.getPrototypeOf(changes) : undefined;
  if (!isRecord(changes) || (proto !== Object.prototype && proto !== null)) {
    throw new Error('sync.changes must be a plain object');
  }
  const keys = Object.keys(changes);
  if (keys.length > SYNC_LIMITS.changeKeys) throw new Error(`sync.changes has ${keys.length} keys, at most ${SYNC_LIMITS.changeKeys} allowed`);
  for (const key of keys) {
    if (key.length === 0 || key.length > SYNC_LIMITS.keyLength) throw new Error(`sync.changes key must be 1..${SYNC_LIMITS.keyLength} characters`);
    if (/^\d+$/.test(key) || key === '__proto__') throw new Error(`sync.changes key ${JSON.stringify(key.slice(0, 40))} is not allowed`);
    if (changes[key] === undefined) throw new Error(`sync.changes.${key.slice(0, 40)} must be a JSON value or null`);
  }
  return { origin, seq, changes: changes as Changes };
}

export function applyUpdate(state: ServerChannel, update: SyncUpdate): { state: ServerChannel; duplicate: boolean } {
  const { origin, seq, changes } = validateUpdate(update);
  if (seq <= appliedSeq(state, origin)) return { state, duplicate: true };
  // Even an update that changes nothing is recorded and bumps the version: its sender needs the ack.
  return {
    state: { version: state.version + 1, applied: { ...state.applied, [origin]: seq }, keyed: applyChanges(state.keyed, changes) },
    duplicate: false,
  };
}

/**
 * A plain §7 PUT (no sync fields): the whole body is the change, last writer wins per key. It has
 * no seq, so it never touches `applied` (a sync client of the same `origin` must keep its own
 * numbering); `origin` only says who wrote it, for the returned changes' consumers (logs, pushes).
 */
export function applyWholeBody(state: ServerChannel, body: ChannelBody, origin?: string): { state: ServerChannel; changes: Changes; origin: string | null } {
  const changes = diffKeyed(state.keyed, keyedFromBody(body));
  return { state: { version: state.version + 1, applied: state.applied, keyed: applyChanges(state.keyed, changes) }, changes, origin: origin ?? null };
}
