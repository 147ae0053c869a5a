/**
 * Render on demand (DESIGN "Compositor rules"): any number of schedule() calls before the next
 * animation frame make one frame; nothing scheduled, nothing drawn. No pixi ticker is involved.
 */
import type { FrameRequester } from './types';

export interface FrameScheduler {
  /** Ask for one frame; repeated calls before it runs are coalesced. */
  schedule(): void;
  /** Drop a pending frame (renderNow drew it already, or destroy). */
  cancel(): void;
  readonly pending: boolean;
}

/** window.requestAnimationFrame, or a 16 ms timer where there is none (workers, some test hosts). */
export function animationFrames(): FrameRequester {
  if (typeof requestAnimationFrame === 'function' && typeof cancelAnimationFrame === 'function') {
    return { request: (cb) => requestAnimationFrame(() => cb()), cancel: (h) => cancelAnimationFrame(h) };
  }
  return {
    request: (cb) => setTimeout(cb, 16) as unknown as number,
    cancel: (h) => clearTimeout(h),
  };
}

export function createFrameScheduler(frames: FrameRequester, run: () => void): FrameScheduler {
  let handle: number | null = null;
  const onFrame = (): void => {
    handle = null;
    run();
  };
  return {
    schedule() {
      if (handle === null) handle = frames.request(onFrame);
    },
    cancel() {
      if (handle !== null) frames.cancel(handle);
      handle = null;
    },
    get pending() {
      return handle !== null;
    },
  };
}

/**
 * Frames at most `fps` a second, on a timer: a page that records the canvas (the capture) never needs
 * more than it records, and a scene that asks for every animation frame would otherwise draw 60.
 */
export function pacedFrames(fps: number, now: () => number = () => performance.now()): FrameRequester {
  const minMs = 1000 / fps;
  let last = -Infinity;
  return {
    request: (cb) =>
      setTimeout(() => {
        last = now();
        cb();
      }, Math.max(0, last + minMs - now())) as unknown as number,
    cancel: (h) => clearTimeout(h),
  };
}
