/**
 * What the layouts of both shapes share (issue 34): pixel boxes of a shape's design frame, the margin
 * and gutter between tiles, and how a box becomes a slot (fractions of that frame, a crop that makes a
 * 16:9 camera cover it, or a content share fitted whole).
 */
import { FRAME_ASPECT } from '../model/constants';
import type { FrameSize } from '../model/frame';
import type { Crop, Rect } from '../model/types';
import { roundCrop, roundPosition } from './round';

/** Outer margin and gutter between tiles: the background shows around tiles, like a broadcast grid. */
export const TILE_MARGIN_PX = 24;
export const TILE_GUTTER_PX = 16;

/** A pixel box of a shape's design frame. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LayoutSlot {
  position: Rect;
  crop: Crop;
  /** True for producers the layout does not show (COVER: all but the first). */
  isHidden: boolean;
}

export const NO_CROP: Crop = Object.freeze({ top: 0, left: 0, bottom: 0, right: 0 });
/** Where a hidden slot sits: zero size at the centre, so a renderer ignoring isHidden draws nothing. */
export const HIDDEN_POSITION: Rect = Object.freeze({ x: 0.5, y: 0.5, width: 0, height: 0 });
export const HIDDEN_SLOT: LayoutSlot = Object.freeze({ position: HIDDEN_POSITION, crop: NO_CROP, isHidden: true });
export const FULL_FRAME_SLOT: LayoutSlot = Object.freeze({
  position: Object.freeze({ x: 0, y: 0, width: 1, height: 1 }),
  crop: NO_CROP,
  isHidden: false,
});

export const fullBox = (frame: FrameSize): Box => ({ x: 0, y: 0, w: frame.width, h: frame.height });

/** Crop cutting a 16:9 source so it covers a box of another aspect, centred. */
export function coverCrop(boxWidthPx: number, boxHeightPx: number): Crop {
  const aspect = boxWidthPx / boxHeightPx;
  if (!(aspect > 0) || Math.abs(aspect - FRAME_ASPECT) < 1e-9) return NO_CROP;
  if (aspect > FRAME_ASPECT) {
    const cut = (1 - FRAME_ASPECT / aspect) / 2; // box wider: cut top and bottom
    return roundCrop({ top: cut, left: 0, bottom: cut, right: 0 });
  }
  const cut = (1 - aspect / FRAME_ASPECT) / 2; // box narrower: cut left and right
  return roundCrop({ top: 0, left: cut, bottom: 0, right: cut });
}

/** Largest 16:9 box centred in `box`. */
export function contain(box: Box): Box {
  const w = Math.min(box.w, box.h * FRAME_ASPECT);
  const h = w / FRAME_ASPECT;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/** A box of `frame` as a slot: a camera covers it (cropped), a content share is fitted whole. */
export function toSlot(box: Box, fit: 'cover' | 'contain', frame: FrameSize): LayoutSlot {
  const b = fit === 'contain' ? contain(box) : box;
  const position = roundPosition({ x: b.x / frame.width, y: b.y / frame.height, width: b.w / frame.width, height: b.h / frame.height });
  return { position, crop: fit === 'contain' ? NO_CROP : coverCrop(b.w, b.h), isHidden: false };
}

/** `count` boxes of `w` × `h` in a row centred on the frame's middle at y. */
export function centredRow(frame: FrameSize, count: number, w: number, h: number, y: number): Box[] {
  const x0 = (frame.width - (count * w + (count - 1) * TILE_GUTTER_PX)) / 2;
  return Array.from({ length: count }, (_, i) => ({ x: x0 + i * (w + TILE_GUTTER_PX), y, w, h }));
}
