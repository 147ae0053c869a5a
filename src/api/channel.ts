/**
 * The studio backend's channel API (§7 Channel), with the producer-user authentication header (§6).
 * A save is a PUT (idempotent: ky may retry it) carrying the sync update of compositor/sync.
 */
import { createClient, done, json, type TokenSource } from './http';
import type { ChannelBody } from '../../compositor/model/types';
import type { ServerChannel, SyncUpdate } from '../../compositor/sync';
import type { Quality as WireQuality } from '../lib/captureContract';

/** A channel as GET /channel/{uuid} answers it (§7) with its sync fields. */
export interface WireChannel extends ChannelBody {
  uuid: string;
  eventStatus: 'NEW' | 'LIVE' | 'TERMINATED' | null;
  ptEventId?: string;
  ptEventInstanceId?: string;
  version: number;
  applied: ServerChannel['applied'];
  /** The server's keyed map (compositor/sync), in its order. */
  keyed?: ServerChannel['keyed'];
}

/** A channel's rundown as GET and PUT channel/{uuid}/rundown answer it (CONTRACT.md "Rundown"). */
export interface WireRundown extends ServerChannel {
  uuid: string;
}

/** §6: channel calls carry a producer-user authentication header. */
export const PRODUCER_TOKEN_HEADER = 'X-Producer-Authorization';

export function channelClient(base: string, producerToken: TokenSource, fetchImpl?: typeof fetch) {
  const http = createClient({ base, token: producerToken, tokenHeader: PRODUCER_TOKEN_HEADER, fetch: fetchImpl });
  const at = (uuid: string) => `channel/${encodeURIComponent(uuid)}`;
  return {
    /** GET channel?ptEventId&ptEventInstanceId; §7: errors ignored (null). */
    async findByEvent(ptEventId: string, ptEventInstanceId: string): Promise<WireChannel | null> {
      try {
        return await json<WireChannel>(() => http.get('channel', { searchParams: { ptEventId, ptEventInstanceId } }));
      } catch {
        return null;
      }
    },
    /** GET channel/list; §8: on failure the list is empty. */
    async list(): Promise<WireChannel[]> {
      try {
        return await json<WireChannel[]>(() => http.get('channel/list'));
      } catch {
        return [];
      }
    },
    get: (uuid: string) => json<WireChannel>(() => http.get(at(uuid))),
    /** The output page's read-only access: the output token instead of a producer token. */
    getWithOutputToken: (uuid: string, outputToken: string) => json<WireChannel>(() => http.get(at(uuid), { searchParams: { outputToken } })),
    create: (body: ChannelBody & { ptEventId?: string; ptEventInstanceId?: string }) => json<WireChannel>(() => http.post('channel', { json: body, retry: 0 })),
    delete: (uuid: string) => done(() => http.delete(at(uuid))),
    /** PUT channel/{uuid}: the body with its sync update; answers the channel after it. Retries are the caller's. */
    save: (uuid: string, body: ChannelBody, sync: SyncUpdate, opts: { keepalive?: boolean } = {}) =>
      json<WireChannel>(() => http.put(at(uuid), { json: { ...body, sync }, retry: 0, keepalive: !!opts.keepalive })),
    resync: (uuid: string) => json<WireChannel>(() => http.post(`${at(uuid)}/resync`, { retry: 0 })),
    /** The capture worker streams the program at the §9 broadcast quality (the studio always says which). */
    goLive: (uuid: string, body: { quality?: WireQuality } = {}) => json<WireChannel>(() => http.post(`${at(uuid)}/golive`, { json: body, retry: 0 })),
    stopLive: (uuid: string) => json<WireChannel>(() => http.post(`${at(uuid)}/stoplive`, { retry: 0 })),
    /** §7 layer 20000 video control: seek to a frame (fraction × duration × 30), resume, pause. */
    videoControl: (uuid: string, command: 'seek' | 'resume' | 'pause', frame?: number) =>
      done(() => http.post(`${at(uuid)}/layer/20000/${command}${command === 'seek' ? `/${frame ?? 0}` : ''}`, { retry: 0 })),
    /** The run of show (issue 25): GET channel/{uuid}/rundown, and PUT one sync update (answers the rundown after it). */
    rundown: (uuid: string) => json<WireRundown>(() => http.get(`${at(uuid)}/rundown`)),
    saveRundown: (uuid: string, sync: SyncUpdate, opts: { keepalive?: boolean } = {}) =>
      json<WireRundown>(() => http.put(`${at(uuid)}/rundown`, { json: { sync }, retry: 0, keepalive: !!opts.keepalive })),
    /** Rotates the channel's read-only output token (the old one stops working). */
    rotateOutputToken: (uuid: string) => json<{ outputToken: string }>(() => http.post(`${at(uuid)}/outputToken`, { retry: 0 })),
    /** GET nametag/generate?initials: the picture of a muted video's name tag. */
    nametagUrl: (initials: string) => `${new URL('nametag/generate', new URL(base.endsWith('/') ? base : `${base}/`, typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1')).href}?initials=${encodeURIComponent(initials)}`,
  };
}
export type ChannelClient = ReturnType<typeof channelClient>;

/** §7: the frame a seek goes to (fraction of the video × its duration × the playout frame rate). */
export function seekFrame(fraction: number, durationSeconds: number, frameRate: number): number | null {
  if (!Number.isFinite(fraction) || !Number.isFinite(durationSeconds) || fraction < 0 || fraction > 1 || durationSeconds <= 0) return null;
  return Math.round(fraction * durationSeconds * frameRate);
}
