/** A live service for unit tests (issue 23): calls are spies; status frames are pushed by the test. */
import { vi } from 'vitest';
import type { LiveService } from '../../src/state/live/service';
import type { Destination, LiveInfo, LiveJob, LiveStatus, OutputHealth, OutputState, Recording } from '../../src/state/live/types';

export const INFO: LiveInfo = { watchPath: '/studio/instant-demo/watch/product-launch', recommendedQuality: '720p', recommendedQualityBothShapes: '560p', cores: 2 };

export const destination = (id: string, patch: Partial<Destination> = {}): Destination => ({ id, name: `Dest ${id}`, serverUrl: `rtmp://${id}.example.com/live`, keyLast4: 'wxyz', enabled: true, shape: '16:9', createdAt: 1, ...patch });

export const recording = (id: string, patch: Partial<Recording> = {}): Recording => ({ id, shape: '16:9', startedAt: Date.UTC(2025, 0, 2, 15, 4, 5), durationSec: 3725, sizeBytes: 5 * 1024 * 1024, state: 'ready', ...patch });

export const output = (id: string, state: OutputState, patch: Partial<OutputHealth> = {}): OutputHealth => ({ id, kind: 'rtmp', name: `Dest ${id}`, shape: '16:9', state, bitrateKbps: 4500, fps: 30, droppedFrames: 2, retryInSec: null, error: null, ...patch });

export const liveStatus = (outputs: OutputHealth[], patch: Partial<LiveJob> = {}): LiveStatus => ({ job: { state: 'live', quality: '1080p', startedAt: 1, recording: true, fpsAlarm: false, shapes: ['16:9'], error: null, outputs, ...patch } });

/** A live service whose answers a test sets, and whose frames it pushes with `emit`. */
export function fakeLive(opts: { info?: LiveInfo; status?: LiveStatus | null; destinations?: Destination[]; recordings?: Recording[] } = {}) {
  const listeners = new Set<(s: LiveStatus) => void>();
  const service = {
    info: vi.fn(async () => ({ info: opts.info ?? INFO, status: opts.status ?? null })),
    onStatus: vi.fn((l: (s: LiveStatus) => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    }),
    destinations: vi.fn(async () => opts.destinations ?? []),
    addDestination: vi.fn(async (d: { name: string; serverUrl: string; streamKey: string }) => destination('new', { name: d.name, serverUrl: d.serverUrl, keyLast4: d.streamKey.slice(-4) })),
    updateDestination: vi.fn(async (id: string, patch: Partial<Destination>) => destination(id, { ...(opts.destinations?.find((d) => d.id === id) ?? {}), ...patch })),
    deleteDestination: vi.fn(async () => undefined),
    retryDestination: vi.fn(async (_id: string) => undefined),
    recordings: vi.fn(async () => opts.recordings ?? []),
    downloadRecording: vi.fn(async (_id: string, onProgress: (f: number | null) => void) => {
      onProgress(0.5);
      onProgress(1);
      return { blob: new Blob(['mp4']), fileName: 'recording.mp4' };
    }),
    deleteRecording: vi.fn(async () => undefined),
  } satisfies LiveService;
  return { service, emit: (s: LiveStatus) => listeners.forEach((l) => l(s)) };
}
