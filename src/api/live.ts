/**
 * The live broadcast calls of the studio backend (issue 23): the event's live info and status, its
 * RTMP destinations, its recordings (a download with progress) and, without sign-in, the public watch
 * page's state. Moderator calls carry the producer token as the channel calls do (§6).
 */
import { absoluteBase, createClient, done, json, mapFailure, type TokenSource } from './http';
import { PRODUCER_TOKEN_HEADER } from './channel';
import type { Quality as WireQuality } from '../lib/captureContract';
import type { Destination, DestinationDraft, DestinationPatch, LiveStatus, Recording, WatchState } from '../lib/liveContract';

/** §9 broadcast quality, as the backend takes it (src/lib/captureContract.ts). */
export type { WireQuality };

/** GET live/{eventId}: the watch page, what the server can afford, and the broadcast's status. */
export interface WireLiveInfo {
  /** The public watch page, relative to the origin. */
  watchPath: string;
  recommendedQuality: WireQuality;
  cores: number;
  status: LiveStatus;
}

export interface DownloadProgress {
  /** 0..1, or null when the server did not say how big the file is. */
  fraction: number | null;
  bytes: number;
}

export interface Download {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* before filename), made safe to save. */
export function attachmentName(header: string | null, fallback: string): string {
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header ?? '')?.[1];
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header ?? '');
  let name = '';
  try {
    name = star ? decodeURIComponent(star.trim()) : (plain?.[1] ?? plain?.[2] ?? '').trim();
  } catch {
    name = '';
  }
  // Only a name, never a path; no control characters.
  const safe = [...name.replace(/[/\\]/g, '_')].filter((c) => c >= ' ' && c !== '\u007f').join('').trim();
  return safe && safe !== '.' && safe !== '..' ? safe : fallback;
}

export function liveClient(studioApi: string, producerToken: TokenSource, fetchImpl?: typeof fetch) {
  const http = createClient({ base: studioApi, token: producerToken, tokenHeader: PRODUCER_TOKEN_HEADER, fetch: fetchImpl });
  const at = (eventId: string) => `live/${encodeURIComponent(eventId)}`;
  const destination = (eventId: string, id: string) => `${at(eventId)}/destinations/${encodeURIComponent(id)}`;
  const recording = (eventId: string, id: string) => `${at(eventId)}/recordings/${encodeURIComponent(id)}`;
  return {
    info: (eventId: string) => json<WireLiveInfo>(() => http.get(at(eventId))),
    destinations: (eventId: string) => json<Destination[]>(() => http.get(`${at(eventId)}/destinations`)),
    addDestination: (eventId: string, draft: DestinationDraft) => json<Destination>(() => http.post(`${at(eventId)}/destinations`, { json: draft, retry: 0 })),
    updateDestination: (eventId: string, id: string, patch: DestinationPatch) => json<Destination>(() => http.patch(destination(eventId, id), { json: patch, retry: 0 })),
    deleteDestination: (eventId: string, id: string) => done(() => http.delete(destination(eventId, id))),
    /** Retries a failed destination of the running broadcast now. */
    retryDestination: (eventId: string, id: string) => done(() => http.post(`${destination(eventId, id)}/retry`, { retry: 0 })),
    recordings: (eventId: string) => json<Recording[]>(() => http.get(`${at(eventId)}/recordings`)),
    /** The MP4 with the bearer header (no token in a URL), read with progress; no timeout: recordings are big. */
    downloadRecording: (eventId: string, id: string, onProgress?: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<Download> =>
      mapFailure(async () => {
        const response = await http.get(`${recording(eventId, id)}/download`, {
          retry: 0,
          timeout: false,
          ...(signal ? { signal } : {}),
          onDownloadProgress: (p) => onProgress?.({ fraction: p.totalBytes > 0 ? p.percent : null, bytes: p.transferredBytes }),
        });
        return { blob: await response.blob(), fileName: attachmentName(response.headers.get('Content-Disposition'), `recording-${id}.mp4`) };
      }),
    deleteRecording: (eventId: string, id: string) => done(() => http.delete(recording(eventId, id))),
  };
}
export type LiveClient = ReturnType<typeof liveClient>;

/** The watch page's one call: no token, no retries (the page polls). The playlist's URL comes back absolute. */
export function publicLiveClient(studioApi: string, fetchImpl?: typeof fetch) {
  const http = createClient({ base: studioApi, token: () => null, retry: 0, fetch: fetchImpl });
  const resolve = (hls: unknown) => (typeof hls === 'string' && hls ? new URL(hls, absoluteBase(studioApi)).href : null);
  return {
    watch: async (sharingUrl: string): Promise<WatchState> => {
      const answer = await json<WatchState>(() => http.get(`watch/${encodeURIComponent(sharingUrl)}`));
      return { ...answer, hls: resolve(answer.hls), verticalHls: resolve(answer.verticalHls) };
    },
  };
}
export type PublicLiveClient = ReturnType<typeof publicLiveClient>;
