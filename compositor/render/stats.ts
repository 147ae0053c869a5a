/** Frame counters behind Compositor.stats() and the frame-time window behind Compositor.frameWindow(). */
import { FrameWindow, type FrameWindowSummary } from './frameWindow';
import type { CompositorStats } from './types';

export class FrameStats {
  frames = 0;
  videoUploads = 0;
  lastFrameMs = 0;
  /** Frames drawn with nothing new to show (no scene change, upload, animation or resize). */
  idleDraws = 0;
  readonly window = new FrameWindow();

  /** Wraps one frame: counts it and records its CPU time. `frame` returns its uploads and whether anything moved. */
  measure(frame: () => { uploads: number; moved: boolean }): void {
    const start = performance.now();
    const { uploads, moved } = frame();
    const end = performance.now();
    this.videoUploads += uploads;
    this.lastFrameMs = end - start;
    this.frames += 1;
    if (!moved && uploads === 0) this.idleDraws += 1;
    this.window.record(end, this.lastFrameMs);
  }

  snapshot(textures: number, textRasters: number, outgoingAlpha: number): CompositorStats {
    return { frames: this.frames, textures, videoUploads: this.videoUploads, lastFrameMs: this.lastFrameMs, textRasters, outgoingAlpha, idleDraws: this.idleDraws };
  }

  summary(now = performance.now()): FrameWindowSummary {
    return this.window.summary(now);
  }
}
