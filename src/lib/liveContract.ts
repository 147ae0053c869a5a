/**
 * Going live's wire shapes (issue 23, CONTRACT.md "Going live"): what the backend answers and pushes
 * and the studio keeps, written once for both sides (the server's routes and worker, src/api/live.ts,
 * src/state/live). The studio's rules (src/state/live/rules.ts) check what arrives against them.
 */
import type { Quality } from './captureContract';
import type { FrameShape } from '../../compositor/model/frame';

/** An RTMP destination as a page sees it: never the stream key, only its last four characters. */
export interface Destination {
  id: string;
  name: string;
  serverUrl: string;
  keyLast4: string;
  enabled: boolean;
  /** Which program it receives (issue 34): the 16:9 one, or the vertical one for the platforms that take it. */
  shape: FrameShape;
  createdAt: number;
}

/** What the Add destination form sends (no shape: 16:9). */
export interface DestinationDraft {
  name: string;
  serverUrl: string;
  streamKey: string;
  shape?: FrameShape;
}

export type DestinationPatch = Partial<DestinationDraft & { enabled: boolean }>;

/** §4 Channel eventStatus: the states GO LIVE (→ LIVE) and END STREAM (→ NEW) start from, on both sides. */
export const GO_LIVE_FROM: readonly (string | null)[] = [null, 'NEW', 'TERMINATED'];
export const STOP_LIVE_FROM: readonly (string | null)[] = ['LIVE'];

export const RECORDING_STATES = ['recording', 'finalizing', 'ready', 'failed'] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

export interface Recording {
  id: string;
  /** The program recorded (issue 34): a broadcast with a vertical program leaves one recording per shape. */
  shape: FrameShape;
  startedAt: number;
  durationSec: number | null;
  sizeBytes: number | null;
  state: RecordingState;
}

export const OUTPUT_STATES = ['connecting', 'live', 'retrying', 'failed', 'stopped'] as const;
export type OutputState = (typeof OUTPUT_STATES)[number];
export const OUTPUT_KINDS = ['rtmp', 'hls', 'recording'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/** One output of the running broadcast: a destination, the watch page's HLS, or the recording. */
export interface OutputHealth {
  /** A destination's id, or 'hls', or 'recording'. */
  id: string;
  kind: OutputKind;
  name: string;
  /** The program it carries (issue 34). */
  shape: FrameShape;
  state: OutputState;
  bitrateKbps: number | null;
  fps: number | null;
  droppedFrames: number;
  /** Attempts after the first since the worker started (each retry, automatic or TRY AGAIN); /metrics and the Stats panel read it. */
  reconnects?: number;
  retryInSec: number | null;
  error: string | null;
}

export const JOB_STATES = ['pending', 'starting', 'live', 'stopping', 'stopped', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * §4 the broadcast state a job's state is, as the studio reads it from the job's status (the one push
 * of the broadcast, `live.status`): an event from the studio server.
 */
export function broadcastStateOf(job: JobState): 'CONTAINER_SELECTION' | 'LIVE' | 'CONTAINER_LIVE_ENDING' | 'TERMINATED' {
  if (job === 'live') return 'LIVE';
  if (job === 'stopping') return 'CONTAINER_LIVE_ENDING';
  if (job === 'stopped' || job === 'failed') return 'TERMINATED';
  return 'CONTAINER_SELECTION';
}

export interface LiveJob {
  state: JobState;
  quality: Quality;
  startedAt: number | null;
  recording: boolean;
  /** The program's video has stalled (the worker's frame rate fell under its floor). */
  fpsAlarm: boolean;
  /** The program's frame rate at the ingest (frames/s over the last second, /metrics' studio_capture_fps); absent before the first. */
  captureFps?: number;
  /** What the capture worker measures of itself while live (the Stats panel, /metrics); absent before its first report. */
  capture?: CaptureFigures;
  /** The programs this broadcast renders (issue 34): 16:9 always, and 9:16 once a vertical destination is switched on (at GO LIVE or while live). */
  shapes: FrameShape[];
  /** The vertical program's own figures while live (its frame rate, its page's draw time and encoder); absent without one, or before its first report. */
  vertical?: ProgramFigures;
  error: string | null;
  outputs: OutputHealth[];
}

/**
 * The capture worker's own figures, each over its last second: the page's draw time, the frames its
 * clock missed, its encoder's output and the CPU of the worker with everything it runs. A figure not
 * measured yet is null.
 */
export interface CaptureFigures {
  /** The page's draw time per program frame (ms), p50 over the last second. */
  renderMs: number | null;
  /** Program frames the page's frame clock missed since the capture started (a draw or a stall past its tick): never encoded. */
  droppedBeforeEncoding: number;
  /** The page's encoder output (video and sound as sent to the ingest), kbit/s. */
  encoderKbps: number | null;
  /** CPU of the worker, its capture browser and its ffmpeg processes, in cores (2 = two cores busy). */
  cpuCores: number | null;
}

/** One program's figures (the 16:9 one's are captureFps, fpsAlarm and capture above; cpuCores is the whole worker's). */
export interface ProgramFigures extends Omit<CaptureFigures, 'cpuCores'> {
  fps: number | null;
  fpsAlarm: boolean;
}

export interface LiveStatus {
  job: LiveJob | null;
}

/** The public watch page's answer (no sign-in). */
export interface WatchState {
  title: string;
  state: 'not-live' | 'live' | 'ended';
  /** The HLS playlist's URL while live. */
  hls: string | null;
  /** The vertical program's playlist while live, when the broadcast has one (issue 34): a portrait phone plays it. */
  verticalHls: string | null;
}
