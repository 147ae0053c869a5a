/**
 * The Stats panel's warning line (issue 33): each rule a named threshold, and each warning says the
 * figure and the threshold that raised it. Pure: the panel passes this tab's frame window and the
 * broadcast's last status (live.status) and what the server says it carries.
 */
import { FRAME_BUDGET_30_MS } from '../../../compositor/model/constants';
import type { LiveJob } from '../live/types';
import type { QualityOverLimit } from '../live/qualityRules';

/** Render lag: this tab's frame time p95 (ms) over the 30 fps budget (§9 playout frame rate 30). */
export const RENDER_LAG_P95_MS = FRAME_BUDGET_30_MS;
/** Fewer frames than this in the window is too few to judge a p95 by (a stage drawing on demand). */
export const RENDER_LAG_MIN_FRAMES = 30;
/** Encoder overload: the capture's frame rate at the ingest (frames/s) under this while live (5/6 of 30). */
export const ENCODER_OVERLOAD_FPS = 25;
/** A destination congested: a live output's frame rate (frames/s) under this while the capture keeps up. */
export const CONGESTED_OUTPUT_FPS = 25;
/** Render lag in the capture: the page's draw per program frame (p50, ms) over the 30 fps budget. */
export const CAPTURE_RENDER_LAG_MS = FRAME_BUDGET_30_MS;
/** Capacity: the worker's CPU (cores) over this share of the server's cores leaves nothing to spare. */
export const WORKER_CPU_WARN_SHARE = 0.9;

export type WarningKind = 'renderLag' | 'encoderOverload' | 'congested' | 'capacity';

/** What the server carries (GET live/{eventId}): its cores, and the running quality when it is above its recommendation. */
export interface ServerLimits {
  cores: number | null;
  over: QualityOverLimit | null;
}

export interface StatsWarning {
  kind: WarningKind;
  /** The output it is about (a destination's id, 'hls', 'recording'), for congestion. */
  output?: string;
  /** The figure and the threshold, e.g. 'Render lag: frameMs p95 41.2 ms > 33.3 ms'. */
  text: string;
}

/** The part of the compositor's frame window the rules read. */
export interface FrameFigures {
  frames: number;
  frameMs: { p95: number };
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;
/** Frames per second as people read them: one decimal at most (the worker reports 19.27710843…). */
const fps = (v: number): string => `${Math.round(v * 10) / 10} fps`;

export function statsWarnings(frames: FrameFigures | null, job: LiveJob | null, server: ServerLimits = { cores: null, over: null }): StatsWarning[] {
  const out: StatsWarning[] = [];
  if (frames && frames.frames >= RENDER_LAG_MIN_FRAMES && frames.frameMs.p95 > RENDER_LAG_P95_MS) {
    out.push({ kind: 'renderLag', text: `Render lag: frameMs p95 ${ms(frames.frameMs.p95)} > ${ms(RENDER_LAG_P95_MS)}` });
  }
  if (!job || job.state !== 'live') return out;
  // Which limit is hit: the quality above what the server carries, and its CPU.
  const { over, cores } = server;
  if (over) out.push({ kind: 'capacity', text: `Quality above this server's limit: ${over.chosen} > ${over.recommended}, what ${over.cores} ${over.cores === 1 ? 'core carries' : 'cores carry'}${over.bothShapes ? ' with both programs' : ''}` });
  const cpu = job.capture?.cpuCores ?? null;
  if (cpu !== null && cores !== null && cpu > cores * WORKER_CPU_WARN_SHARE) {
    out.push({ kind: 'capacity', text: `Capacity: worker CPU ${cpu.toFixed(2)} cores > ${Math.round(WORKER_CPU_WARN_SHARE * 100)} % of ${cores}` });
  }
  const renderMs = job.capture?.renderMs ?? null;
  if (renderMs !== null && renderMs > CAPTURE_RENDER_LAG_MS) {
    out.push({ kind: 'renderLag', text: `Render lag in the capture: renderMs p50 ${ms(renderMs)} > ${ms(CAPTURE_RENDER_LAG_MS)}` });
  }
  const verticalMs = job.vertical?.renderMs ?? null;
  if (verticalMs !== null && verticalMs > CAPTURE_RENDER_LAG_MS) {
    out.push({ kind: 'renderLag', text: `Render lag in the vertical capture: renderMs p50 ${ms(verticalMs)} > ${ms(CAPTURE_RENDER_LAG_MS)}` });
  }
  const captureFps = job.captureFps ?? null;
  const verticalFps = job.vertical?.fps ?? null;
  const overloaded = (captureFps !== null && captureFps < ENCODER_OVERLOAD_FPS) || (verticalFps !== null && verticalFps < ENCODER_OVERLOAD_FPS);
  if (captureFps !== null && captureFps < ENCODER_OVERLOAD_FPS) out.push({ kind: 'encoderOverload', text: `Encoder overload: capture ${fps(captureFps)} < ${fps(ENCODER_OVERLOAD_FPS)}` });
  if (verticalFps !== null && verticalFps < ENCODER_OVERLOAD_FPS) out.push({ kind: 'encoderOverload', text: `Encoder overload: vertical capture ${fps(verticalFps)} < ${fps(ENCODER_OVERLOAD_FPS)}` });
  else if (job.fpsAlarm) out.push({ kind: 'encoderOverload', text: `Encoder overload: the worker's fps alarm is raised` });
  if (overloaded || job.fpsAlarm) return out; // every output is slow then: the encoder, not a destination
  for (const o of job.outputs) {
    if (o.state === 'retrying') out.push({ kind: 'congested', output: o.id, text: `${o.name} congested: reconnecting (${o.reconnects ?? 0} reconnects)` });
    else if (o.state === 'live' && o.fps !== null && o.fps < CONGESTED_OUTPUT_FPS) out.push({ kind: 'congested', output: o.id, text: `${o.name} congested: ${fps(o.fps)} < ${fps(CONGESTED_OUTPUT_FPS)}` });
  }
  return out;
}
