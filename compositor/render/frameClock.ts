/**
 * Frames at a fixed rate, for a page that records its canvas (the capture): each tick draws one
 * frame. Ticks are due on a grid of absolute deadlines (start + n × period), so a late tick or a
 * slow draw never pushes the next one back; a tick that comes more than a period late skips the
 * deadlines it missed (no burst of catch-up frames) and keeps the grid.
 *
 * Why not "draw if a frame's time passed since the last draw", checked on a timer of the same period:
 * the last draw's time is taken after drawing, so every tick that comes a draw's length early is
 * skipped, and the page drew at half the rate (14 fps at 720p on a 2-core machine, issue 36).
 */
export interface FrameClockTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: FrameClockTimers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `tick` `fps` times a second until the returned stop is called; `skipped` hears of each run of
 * deadlines a slow draw or a stall missed (frames the program never had: the capture's dropped frames).
 */
export function startFrameClock(fps: number, tick: () => void, timers: FrameClockTimers = realTimers, skipped?: (frames: number) => void): () => void {
  const period = 1000 / fps;
  const start = timers.now();
  let n = 0;
  let handle: unknown = null;
  let stopped = false;
  const schedule = () => {
    handle = timers.setTimeout(run, Math.max(0, start + n * period - timers.now()));
  };
  const run = () => {
    if (stopped) return;
    tick();
    // The next deadline still ahead; those already passed are skipped, not drawn late in a burst.
    const next = Math.max(n + 1, Math.floor((timers.now() - start) / period) + 1);
    if (next > n + 1) skipped?.(next - n - 1);
    n = next;
    schedule();
  };
  schedule();
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
}

