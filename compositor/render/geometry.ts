/**
 * Pure pixel geometry of the compositor: scene fractions → output pixels, crop → source frame,
 * cover-fit, initials. No pixi here, so every rule is a table test.
 */
import type { Crop, Rect } from '../model/types';

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A scene rect (fractions of the frame) in output pixels. Edges are rounded, not sizes, so adjacent
 * tiles never overlap or open a seam, and a rect ending at 1 ends on the last pixel column.
 */
export function pixelBox(rect: Rect, frameWidth: number, frameHeight: number): PixelBox {
  const x0 = Math.round(rect.x * frameWidth);
  const y0 = Math.round(rect.y * frameHeight);
  const x1 = Math.round((rect.x + rect.width) * frameWidth);
  const y1 = Math.round((rect.y + rect.height) * frameHeight);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
/** Smallest kept share of a source side: a crop never cuts a source down to nothing. */
const MIN_KEPT = 1e-3;

/**
 * The source sub-rectangle [left..1-right]×[top..1-bottom] in source pixels (scaled to fill the tile).
 * Out-of-range crops are clamped; a crop cutting more than the whole side keeps a sliver at the centre.
 */
export function cropFrame(sourceWidth: number, sourceHeight: number, crop: Crop): PixelBox {
  const side = (near: number, far: number): [number, number] => {
    let a = clamp01(near);
    let b = clamp01(far);
    if (a + b > 1 - MIN_KEPT) {
      const excess = (a + b - (1 - MIN_KEPT)) / 2;
      a = Math.max(0, a - excess);
      b = Math.max(0, b - excess);
    }
    return [a, 1 - a - b];
  };
  const [left, keptW] = side(crop.left, crop.right);
  const [top, keptH] = side(crop.top, crop.bottom);
  return { x: left * sourceWidth, y: top * sourceHeight, width: keptW * sourceWidth, height: keptH * sourceHeight };
}

/** The centred source sub-rectangle with the aspect of the destination (CSS object-fit: cover). */
export function coverFrame(sourceWidth: number, sourceHeight: number, destWidth: number, destHeight: number): PixelBox {
  if (!(sourceWidth > 0 && sourceHeight > 0 && destWidth > 0 && destHeight > 0)) {
    return { x: 0, y: 0, width: Math.max(sourceWidth, 0), height: Math.max(sourceHeight, 0) };
  }
  const destAspect = destWidth / destHeight;
  if (sourceWidth / sourceHeight > destAspect) {
    const width = sourceHeight * destAspect; // source wider: cut left and right
    return { x: (sourceWidth - width) / 2, y: 0, width, height: sourceHeight };
  }
  const height = sourceWidth / destAspect; // source taller: cut top and bottom
  return { x: 0, y: (sourceHeight - height) / 2, width: sourceWidth, height };
}

/** The one initials rule (avatars, name tags, muted tiles). */
export { initialsOf as initials } from '../layout/initials';

/**
 * Tile colours of a producer whose video is muted (§7 "name tag image for muted video", drawn here
 * instead of fetched): mid-dark hues under white initials (≥ 4.5:1), one per name by a stable hash.
 */
export const MUTED_TILE_PALETTE = ['#1E5AA8', '#7A3E9D', '#0E7C66', '#B0413E', '#805300', '#3D5A80', '#9C2F6B', '#2F6F3E', '#5B4B9A', '#A13D1E'] as const;

/** The muted tile's colour for `name` (same name, same colour on every client). */
export function mutedTileColor(name: string): string {
  let hash = 0;
  for (const ch of name.trim()) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return MUTED_TILE_PALETTE[hash % MUTED_TILE_PALETTE.length]!;
}

/** The root transform for a zoom about the frame centre. */
export function zoomTransform(zoom: number, frameWidth: number, frameHeight: number): { scale: number; x: number; y: number } {
  const scale = Number.isFinite(zoom) && zoom > 0 ? zoom : 1;
  return { scale, x: (frameWidth * (1 - scale)) / 2, y: (frameHeight * (1 - scale)) / 2 };
}
