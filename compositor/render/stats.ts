/** Frame counters behind Compositor.stats(). */
import type { CompositorStats } from './types';

export class FrameStats {
  frames = 0;
  videoUploads = 0;
  lastFrameMs = 0;

  /** Wraps one frame: counts it and records its CPU time. */
  measure(frame: () => number): void {
    const start = performance.now();
    this.videoUploads += frame();
    this.lastFrameMs = performance.now() - start;
    this.frames += 1;
  }

  snapshot(textures: number, textRasters: number, outgoingAlpha: number): CompositorStats {
    return { frames: this.frames, textures, videoUploads: this.videoUploads, lastFrameMs: this.lastFrameMs, textRasters, outgoingAlpha };
  }
}
