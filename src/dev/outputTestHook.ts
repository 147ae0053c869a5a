/**
 * Golden-image surface (DESIGN "Scenes as test files"), in non-production builds only:
 * window.__OUTPUT__.render(scene, colors, elapsedMs, from?) draws a fixed SceneModel whose sources are
 * solid-colour pictures (gallerySamples' paintSample) on the output page, `elapsedMs` of the output's
 * clock after it appeared (animations played in, a ticker at a known scroll offset); renderAt(scene, colors, width, height, zoom) draws the same scene on a
 * second, preview-sized compositor and returns it as a PNG data URL, so tests can check that the
 * preview shows what the output shows. playCamera(key) puts a playing camera in place of a sample.
 */
import { createCompositor, type Compositor } from '../../compositor/render';
import type { SceneModel } from '../../compositor/model/scene';
import { media } from '../services/media/elements';
import { paintSample, SAMPLE_SETTLE_MS } from '../features/gallery/gallerySamples';

/**
 * The output page's animation clock: real time, until a golden render pins it. Each render starts
 * far after the previous one, so whatever the last scene left is played out and gone.
 */
const RENDER_SPACING_MS = 1_000_000;
let pinned: number | null = null;
/** Pinned wall time minus pinned clock: a golden take happens at its own `startedAt`. */
let wallOffset = 0;
export const outputClock = (): number => pinned ?? performance.now();
export const outputWallClock = (): number => (pinned === null ? Date.now() : pinned + wallOffset);

export function installOutputTestHook(compositor: Compositor, setScene: (scene: SceneModel) => void): void {
  const register = (colors: Record<string, string>) => {
    for (const [key, color] of Object.entries(colors)) media.register(key, paintSample(key, color));
  };
  (window as unknown as { __OUTPUT__: unknown }).__OUTPUT__ = {
    /** `from`: a look drawn (settled) first, so the picture shows a transition or a tile move into `scene`. */
    render(scene: SceneModel, colors: Record<string, string>, elapsedMs = SAMPLE_SETTLE_MS, from?: SceneModel) {
      pinned = (pinned ?? 0) + RENDER_SPACING_MS;
      register(colors);
      compositor.invalidateMedia();
      if (from) {
        setScene(from);
        compositor.renderNow();
        pinned += SAMPLE_SETTLE_MS;
        compositor.renderNow();
      }
      wallOffset = (scene.transition?.startedAt ?? 0) - pinned; // the take is now
      setScene(scene);
      compositor.renderNow();
      pinned += elapsedMs;
      compositor.renderNow();
    },
    async renderAt(scene: SceneModel, colors: Record<string, string>, width: number, height: number, zoom: number): Promise<string> {
      register(colors);
      const canvas = document.createElement('canvas');
      const c = await createCompositor({ canvas, width, height, zoom, source: { getState: () => scene, subscribe: () => () => undefined }, media: media.get });
      try {
        c.renderNow();
        return canvas.toDataURL('image/png');
      } finally {
        c.destroy();
      }
    },
    /** The browser's camera (fake in tests: it moves every frame) playing as source `key`: a moving picture on air. */
    async playCamera(key: string): Promise<void> {
      const video = document.createElement('video');
      Object.assign(video, { muted: true, playsInline: true, srcObject: await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360 } }) });
      await video.play();
      media.register(key, video);
      compositor.invalidateMedia();
    },
    stats: () => compositor.stats(),
    /** Each program frame right after it is drawn (benchmarks/guests.mjs reads its counter there). */
    onFrame: (listener: () => void) => compositor.onFrame(listener),
  };
}
