/**
 * Going live for real (issue 23, backend mode): the event's RTMP destinations, its recordings, and
 * the capture worker's status with the health of each output. The wire carries the same shapes
 * (src/api/live.ts); rules.ts checks what arrives before the store keeps it.
 */
import type { BroadcastQuality } from '../settingsStore';

export interface Destination {
  id: string;
  name: string;
  serverUrl: string;
  /** The stream key is never shown again: only its last four characters. */
  keyLast4: string;
  enabled: boolean;
  createdAt: number;
}

/** What the Add destination form sends. */
export interface DestinationDraft {
  name: string;
  serverUrl: string;
  streamKey: string;
}

export type DestinationPatch = Partial<DestinationDraft & { enabled: boolean }>;

export const RECORDING_STATES = ['recording', 'finalizing', 'ready', 'failed'] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

export interface Recording {
  id: string;
  startedAt: number;
  durationSec: number | null;
  sizeBytes: number | null;
  state: RecordingState;
}

export const OUTPUT_STATES = ['connecting', 'live', 'retrying', 'failed', 'stopped'] as const;
export type OutputState = (typeof OUTPUT_STATES)[number];
export const OUTPUT_KINDS = ['rtmp', 'hls', 'recording'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

export interface OutputHealth {
  /** A destination's id, or 'hls', or 'recording'. */
  id: string;
  kind: OutputKind;
  name: string;
  state: OutputState;
  bitrateKbps: number | null;
  fps: number | null;
  droppedFrames: number;
  retryInSec: number | null;
  error: string | null;
}

export const JOB_STATES = ['pending', 'starting', 'live', 'stopping', 'stopped', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface LiveJob {
  state: JobState;
  quality: BroadcastQuality;
  startedAt: number | null;
  recording: boolean;
  /** The program's video has stalled (the worker's frame rate fell under its floor). */
  fpsAlarm: boolean;
  error: string | null;
  outputs: OutputHealth[];
}

export interface LiveStatus {
  job: LiveJob | null;
}

/** GET live/{eventId}: the watch page and what the server can afford. */
export interface LiveInfo {
  /** Relative to the origin, e.g. /studio/instant-demo/watch/product-launch. */
  watchPath: string;
  recommendedQuality: BroadcastQuality;
  cores: number;
}
