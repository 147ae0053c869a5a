// TEMPORARY stand-in until compositor/sync lands: the same signatures as compositor/sync/index.ts,
// with the simplest keying (one key per whole-body field, no per-layer merge). Swap the import in
// channelSync.ts for '../../compositor/sync' and delete this file.
import type { ChannelBody, UpdateReason } from '../../compositor/model/types';

export type SyncValue = null | boolean | number | string | readonly SyncValue[] | { readonly [key: string]: SyncValue };
export type KeyedChannel = Readonly<Record<string, SyncValue>>;
export type Changes = Record<string, SyncValue | null>;
export interface ServerChannel {
  version: number;
  applied: Record<string, number>;
  keyed: KeyedChannel;
}
export interface SyncUpdate {
  origin: string;
  seq: number;
  changes: Changes;
}

const KEYS = ['layers', 'layout', 'brandSettings', 'templateAttributes', 'producerOrder'] as const;

export function keyedFromBody(body: ChannelBody): KeyedChannel {
  const keyed: Record<string, SyncValue> = {};
  for (const key of KEYS) keyed[key] = body[key] as unknown as SyncValue;
  return keyed;
}

export function bodyFromKeyed(keyed: KeyedChannel, identity: { name: string; templateUrl?: string }, reason: UpdateReason | null): ChannelBody {
  const k = keyed as unknown as Partial<ChannelBody>;
  return {
    layers: k.layers ?? [],
    name: identity.name,
    layout: k.layout ?? 'CLASSIC',
    brandSettings: k.brandSettings ?? { nametagsActive: true, primaryColor: '#0D62C5', selectedTheme: 'lower_third1' },
    templateUrl: identity.templateUrl ?? '',
    templateAttributes: k.templateAttributes ?? '{"attributes":[]}',
    producerOrder: k.producerOrder ?? '[]',
    updateReason: JSON.stringify(reason),
  };
}

export function applyUpdate(state: ServerChannel, update: SyncUpdate): { state: ServerChannel; duplicate: boolean } {
  const u = update as unknown as Record<string, unknown>;
  if (typeof u.origin !== 'string' || u.origin === '') throw new Error('sync.origin must be a non-empty string');
  if (typeof u.seq !== 'number' || !Number.isInteger(u.seq) || u.seq < 1) throw new Error('sync.seq must be a positive integer');
  if (typeof u.changes !== 'object' || u.changes === null || Array.isArray(u.changes)) throw new Error('sync.changes must be an object');
  if (update.seq <= (state.applied[update.origin] ?? 0)) return { state, duplicate: true };
  const keyed: Record<string, SyncValue> = { ...state.keyed };
  for (const [key, value] of Object.entries(update.changes)) {
    if (value === null) delete keyed[key];
    else keyed[key] = value;
  }
  return { state: { version: state.version + 1, applied: { ...state.applied, [update.origin]: update.seq }, keyed }, duplicate: false };
}

export function applyWholeBody(state: ServerChannel, body: ChannelBody, _origin?: string): { state: ServerChannel; duplicate: boolean } {
  return { state: { ...state, version: state.version + 1, keyed: { ...state.keyed, ...keyedFromBody(body) } }, duplicate: false };
}
