/**
 * Scene thumbnails (issue 25): each drawn by the compositor from the scene's own SceneModel, never a
 * screenshot of the preview. One hidden compositor draws them all in turn: a WebGL context per card
 * would pass the browser's limit with a long rundown. Each picture is copied into its card's own 2D
 * canvas in the same task it was drawn (a WebGL canvas keeps its pixels until the task ends).
 */
import { createCompositor, type Compositor } from '../../../compositor/render';
import type { SceneModel } from '../../../compositor/model/scene';
import { media } from '../../services/media/elements';
import { SAMPLE_SETTLE_MS } from '../gallery/gallerySamples';

/** A thumbnail's size: 16:9, twice the card's CSS size for a sharp picture. */
export const THUMBNAIL_WIDTH = 320;
export const THUMBNAIL_HEIGHT = 180;
/** Each scene is drawn far after the previous one, then again once its graphics have played in. */
const DRAW_SPACING_MS = 1_000_000;

export interface ThumbnailRenderer {
  /** Draws `scene` into `target` (any size: the picture is scaled to it). */
  draw(scene: SceneModel, target: HTMLCanvasElement): void;
}

let shared: Promise<ThumbnailRenderer> | null = null;

async function create(): Promise<ThumbnailRenderer> {
  const canvas = document.createElement('canvas');
  let scene: SceneModel | null = null;
  let now = 0;
  const listeners = new Set<() => void>();
  const compositor: Compositor = await createCompositor({
    canvas,
    width: THUMBNAIL_WIDTH,
    height: THUMBNAIL_HEIGHT,
    // No frame of its own: it draws only when asked (renderNow).
    frames: { request: () => 0, cancel: () => undefined },
    clock: () => now,
    media: media.get,
    source: {
      getState: () => scene ?? { background: { kind: 'color', color: '#000000' }, producers: [], previewZoom: 1, primaryColor: '#000000' },
      subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    },
  });
  return {
    draw(next, target) {
      // A still picture of the look: no zoom, no fade from the scene drawn before.
      const { transition: _fade, ...look } = next;
      scene = { ...look, previewZoom: 1 };
      listeners.forEach((l) => l());
      compositor.invalidateMedia();
      now += DRAW_SPACING_MS;
      compositor.renderNow();
      now += SAMPLE_SETTLE_MS;
      compositor.renderNow();
      target.getContext('2d')?.drawImage(canvas, 0, 0, target.width, target.height);
    },
  };
}

/** The one thumbnail renderer of the page (made on first use; a failure is tried again next time). */
export function thumbnailRenderer(): Promise<ThumbnailRenderer> {
  shared ??= create().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
