/**
 * Motion every animated template shares (pure, no pixi): progress of a timed animation and its
 * easing. Times are compositor-clock milliseconds, so a test or a golden image pins them.
 */

/** 0 at `start`, 1 from `start + durationMs` on (1 at once for a zero duration). */
export function progress(now: number, start: number, durationMs: number): number {
  if (!(durationMs > 0)) return 1;
  return Math.min(1, Math.max(0, (now - start) / durationMs));
}

/** Fast start, gentle landing: what a broadcast graphic does when it arrives. */
export const easeOutCubic = (t: number): number => 1 - (1 - t) ** 3;

/** Gentle start, fast exit: the same motion played out. */
export const easeInCubic = (t: number): number => t ** 3;

/**
 * Where a graphic is between off (0) and fully on (1): entering from `enterAt`, or leaving from
 * `leaveAt` (from wherever the entrance had got to, so a quick removal never jumps).
 */
export interface Presence {
  /** 0..1, eased. */
  readonly amount: number;
  /** More frames are needed to finish. */
  readonly moving: boolean;
}

export function presence(now: number, enterAt: number, leaveAt: number | null, inMs: number, outMs: number): Presence {
  const entered = easeOutCubic(progress(now, enterAt, inMs));
  if (leaveAt === null) return { amount: entered, moving: entered < 1 };
  const from = easeOutCubic(progress(leaveAt, enterAt, inMs));
  const out = progress(now, leaveAt, outMs);
  return { amount: from * (1 - easeInCubic(out)), moving: out < 1 };
}
