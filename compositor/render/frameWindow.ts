/**
 * Frame times over a rolling window (issue 33): what the Stats panel, the HUD and the benchmarks call
 * `frameMs` (p50 / p95 / max, ms) and `fps`. Recording is a write into preallocated typed arrays (no
 * allocation per frame: the render loop must not pay for being watched); a summary is computed when
 * read, a few times a second at most.
 */
import { FRAME_BUDGET_30_MS, FRAME_BUDGET_60_MS, FRAME_STATS_WINDOW_MS } from '../model/constants';

/** Room for 10 s at 240 fps; older frames are overwritten first, and are out of the window anyway. */
export const FRAME_WINDOW_CAPACITY = 2400;

export interface FrameMsSummary {
  p50: number;
  p95: number;
  max: number;
}

/** One window's figures, with the names and units of benchmarks/harness/stats.ts and /metrics. */
export interface FrameWindowSummary {
  /** Frames drawn in the window. */
  frames: number;
  /** Frames drawn per second over the window (or since the first frame in it, when younger). */
  fps: number;
  /** CPU time per frame (reconcile + uploads + render submission), ms. */
  frameMs: FrameMsSummary;
  /** Frames over FRAME_BUDGET_60_MS and over FRAME_BUDGET_30_MS. */
  overBudget60: number;
  overBudget30: number;
  windowMs: number;
}

/** The benchmarks' percentile rule (benchmarks/harness/stats.ts): the value at rank ceil(q·n), 1-based. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  return sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]!;
}

/** A rate is never taken over less than a second (one early frame is not 1000 fps). */
const MIN_RATE_SPAN_MS = 1000;
const round2 = (v: number): number => Math.round(v * 100) / 100;

export class FrameWindow {
  private readonly at: Float64Array;
  private readonly ms: Float64Array;
  /** Scratch for sorting a summary's durations, reused across reads. */
  private readonly scratch: Float64Array;
  private next = 0;
  private size = 0;
  private firstAt = Number.NaN;

  constructor(
    readonly windowMs = FRAME_STATS_WINDOW_MS,
    readonly capacity = FRAME_WINDOW_CAPACITY,
  ) {
    this.at = new Float64Array(capacity);
    this.ms = new Float64Array(capacity);
    this.scratch = new Float64Array(capacity);
  }

  /** A frame that ended at `at` (ms, monotonic) and took `ms`. */
  record(at: number, ms: number): void {
    if (Number.isNaN(this.firstAt)) this.firstAt = at;
    this.at[this.next] = at;
    this.ms[this.next] = ms;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size += 1;
  }

  /** Durations of the frames in the window ending at `now`, oldest first, into `out` (returns the count). */
  durations(now: number, out: Float64Array = this.scratch): number {
    const from = now - this.windowMs;
    let n = 0;
    for (let k = this.size; k >= 1; k -= 1) {
      const i = (this.next - k + this.capacity) % this.capacity;
      if (this.at[i]! > from && this.at[i]! <= now && n < out.length) out[n++] = this.ms[i]!;
    }
    return n;
  }

  summary(now: number): FrameWindowSummary {
    const n = this.durations(now);
    const values = this.scratch.subarray(0, n).sort();
    let over60 = 0;
    let over30 = 0;
    for (let i = 0; i < n; i += 1) {
      if (values[i]! > FRAME_BUDGET_60_MS) over60 += 1;
      if (values[i]! > FRAME_BUDGET_30_MS) over30 += 1;
    }
    // Frames drawn per second over the window; a younger compositor counts from its first frame (at
    // least a second), so a stage that just started does not read as slow. Idle (on demand) is near 0.
    const span = Number.isNaN(this.firstAt) ? this.windowMs : Math.max(MIN_RATE_SPAN_MS, Math.min(this.windowMs, now - this.firstAt));
    const fps = round2((n * 1000) / span);
    return {
      frames: n,
      fps,
      frameMs: { p50: round2(percentile(values, 0.5)), p95: round2(percentile(values, 0.95)), max: round2(n ? values[n - 1]! : 0) },
      overBudget60: over60,
      overBudget30: over30,
      windowMs: this.windowMs,
    };
  }
}
