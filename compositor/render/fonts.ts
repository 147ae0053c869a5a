/**
 * Web fonts for text drawn on the canvas. A canvas draws with a fallback face while a web font is
 * still loading, and pixi caches both the raster and the measurements of a text by its string and
 * style, so a text drawn early would keep the fallback face. So: the fonts templates use are loaded
 * before the first frame (bounded wait), and when more faces arrive later (another unicode-range
 * subset, a slow network) text is measured and rasterised again.
 */
import { CanvasTextMetrics } from 'pixi.js';
import type { FontSetLike } from './types';

/** Longest wait for fonts before the first frame; after it text draws with the fallback until they arrive. */
export const FONT_PRELOAD_TIMEOUT_MS = 1500;

export function documentFonts(): FontSetLike | null {
  return typeof document !== 'undefined' && document.fonts ? document.fonts : null;
}

/** Resolves when every font is loaded (or failed), or after `timeoutMs`; never rejects. */
export function preloadFonts(fonts: FontSetLike | null, specs: readonly string[], timeoutMs = FONT_PRELOAD_TIMEOUT_MS): Promise<void> {
  if (!fonts || specs.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    Promise.allSettled(specs.map((spec) => fonts.load(spec))).then(done, done);
  });
}

/** Forget pixi's text measurements (font metrics and the per-string cache) taken with older faces. */
export function clearTextMetrics(): void {
  CanvasTextMetrics.clearMetrics();
  // pixi 8 has no public way to empty its per-string measurement cache (a tiny-lru); a stale width
  // would size the new raster to the fallback face and clip it.
  const cache = (CanvasTextMetrics as unknown as { _measurementCache?: { clear?: () => void } })._measurementCache;
  cache?.clear?.();
}

/** Calls `onLoaded` whenever the set finished loading faces; returns the unsubscribe. */
export function watchFonts(fonts: FontSetLike | null, onLoaded: () => void): () => void {
  if (!fonts) return () => undefined;
  const listener = (): void => onLoaded();
  fonts.addEventListener('loadingdone', listener);
  return () => fonts.removeEventListener('loadingdone', listener);
}
