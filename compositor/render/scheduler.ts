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
 * A compositor that draws only when told (renderNow): its own frame requests never fire. The capture
 * uses it with startFrameClock (frameClock.ts), so a moving scene (a video, a ticker) is not drawn
 * between the clock's frames, where the recorder would never see it.
 */
export function heldFrames(): FrameRequester {
  return { request: () => 1, cancel: () => undefined };
}
