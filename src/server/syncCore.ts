/**
 * The backend's one door to the channel sync core (CONTRACT.md "Sync"): every call to it goes
 * through here, so the core can be swapped without touching the routes.
 */
import { channelBody } from '../../compositor/convert';
import { emptyChannel } from '../../compositor/model/channel';
import { isRecord } from '../../compositor/model/json';
import type { ChannelBody, UpdateReason } from '../../compositor/model/types';
import { applyUpdate, applyWholeBody, bodyFromKeyed, keyedFromBody, validateUpdate, type Changes, type KeyedChannel, type ServerChannel, type SyncUpdate } from '../../compositor/sync';
import { badRequest } from './errors';
import { APPLIED_ORIGINS_MAX } from './limits';

export type { Changes, KeyedChannel, ServerChannel };

export interface ChannelIdentity {
  name: string;
  templateUrl: string;
}

/** A fresh channel's keyed state: layout CLASSIC, default brand settings, no layers (§3 defaults). */
export function freshKeyed(name: string): KeyedChannel {
  return keyedFromBody(channelBody(emptyChannel(), { name, templateUrl: '' }, null));
}

/** The §7 body fields of a stored channel. */
export function bodyOf(state: ServerChannel, identity: ChannelIdentity, reason: UpdateReason | null): ChannelBody {
  return bodyFromKeyed(state.keyed, identity, reason);
}

const BODY_FIELDS: Record<string, (v: unknown) => boolean> = {
  layers: Array.isArray,
  layout: (v) => typeof v === 'string',
  brandSettings: isRecord,
  templateAttributes: (v) => typeof v === 'string',
  producerOrder: (v) => typeof v === 'string',
};

/**
 * Applies a PUT body: with `sync`, that update (applied once per origin and seq); without it, the
 * body's fields as the change (last writer wins per key). A malformed body or update → 400.
 */
export function applyPut(state: ServerChannel, body: unknown, identity: ChannelIdentity): { state: ServerChannel; duplicate: boolean } {
  if (!isRecord(body)) throw badRequest('The channel body must be a JSON object');
  try {
    if (body.sync !== undefined) return applySync(state, validateUpdate(body.sync));
    const merged: Record<string, unknown> = { ...bodyOf(state, identity, null) };
    for (const [field, ok] of Object.entries(BODY_FIELDS)) {
      if (body[field] === undefined) continue;
      if (!ok(body[field])) throw new Error(`${field} has the wrong type`);
      merged[field] = body[field];
    }
    return { state: applyWholeBody(state, merged as unknown as ChannelBody).state, duplicate: false };
  } catch (error) {
    throw badRequest(`Malformed channel update: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A sync update applied once (compositor/sync), its origin recorded as the most recent (recordApplied). */
export function applySync(state: ServerChannel, update: SyncUpdate): { state: ServerChannel; duplicate: boolean } {
  const result = applyUpdate(state, update);
  return result.duplicate ? result : { state: { ...result.state, applied: recordApplied(result.state.applied, update.origin) }, duplicate: false };
}

/**
 * The sync record after `origin` had an update applied: that origin moved last (the most recent), and
 * only the APPLIED_ORIGINS_MAX most recent kept. Stored as json (not jsonb), so this order is kept;
 * an origin that reads as an array index sorts first in a JS object, so it is the first forgotten.
 */
export function recordApplied(applied: Readonly<Record<string, number>>, origin: string): Record<string, number> {
  const seq = applied[origin];
  const entries = Object.entries(applied).filter(([o]) => o !== origin);
  if (seq !== undefined) entries.push([origin, seq]);
  return Object.fromEntries(entries.slice(-APPLIED_ORIGINS_MAX));
}

/** The `changes` of an update that turns body `before` into body `after` (what a client would send). */
export function changesBetween(before: ChannelBody, after: ChannelBody): Changes {
  const a = keyedFromBody(before);
  const b = keyedFromBody(after);
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(key in b)) changes[key] = null;
    else if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changes[key] = b[key] ?? null;
  }
  return changes;
}
