/**
 * The six layouts in the vertical 9:16 frame (issue 34), in design pixels of 1080×1920. A phone shows
 * people best tall: tiles fill the frame's width and share its height, and a 16:9 camera is cropped to
 * cover each (a content share is fitted whole). The same counts offer the same layouts as 16:9 (§4).
 *
 * - CLASSIC: a grid, 1×2 for two, 2×2 up to four, 2×3 up to six, 3×3 up to nine.
 * - COVER: the first fills the frame, the others are hidden.
 * - SPLIT: the spotlight on top (60 % of the height), the others in a row below (two rows past three).
 * - CINEMA: the main picture, with a strip of small square tiles along the bottom.
 * - SIDEBYSIDE: equal full-width rows, one per person (a content share takes the top half).
 * - PIP: the first fills the frame, the others small squares in a row near the top, where phone apps
 *   draw the least (their buttons run down the right, their captions along the bottom).
 */
import { FRAME_SIZES } from '../model/frame';
import type { LayoutCode } from '../model/types';
import { fullBox, TILE_GUTTER_PX as G, TILE_MARGIN_PX as M, type Box } from './slotBoxes';

const W = FRAME_SIZES['9:16'].width;
const INNER_W = W - 2 * M;
/** SPLIT: the spotlight's share of the inner height. */
export const PORTRAIT_SPLIT_MAIN_SHARE = 0.6;
/** CINEMA and PIP: small square tiles, at most a third of the inner width (three fit a row). */
export const PORTRAIT_SMALL_TILE_MAX_PX = Math.floor((INNER_W - 2 * G) / 3);
/** PIP: the insets' row starts this far down (below a phone app's top bar). */
export const PORTRAIT_PIP_TOP_PX = 160;
/** SPLIT: one row below the spotlight holds at most this many tiles. */
const ROW_MAX = 3;

/** The area the layout fills: the whole 1080×1920 frame, or above the bottom band's graphics (a shorter one). */
interface Area {
  h: number;
  inner: Box;
}
const areaOf = (h: number): Area => ({ h, inner: { x: M, y: M, w: INNER_W, h: h - 2 * M } });

/** `count` tiles filling the box as a grid of `cols` columns, rows as needed; a short last row is centred. */
function grid(box: Box, count: number, cols: number): Box[] {
  const rows = Math.ceil(count / cols);
  const w = (box.w - (cols - 1) * G) / cols;
  const h = (box.h - (rows - 1) * G) / rows;
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, count - row * cols);
    const x0 = box.x + (box.w - (inRow * w + (inRow - 1) * G)) / 2;
    return { x: x0 + (i % cols) * (w + G), y: box.y + row * (h + G), w, h };
  });
}

/** CLASSIC grid shape by count: 2 → 1×2, 3–4 → 2×2, 5–6 → 2×3, 7–9 → 3×3. */
function classicCols(n: number): number {
  if (n <= 2) return 1;
  if (n <= 6) return 2;
  return 3;
}

/** The main box on top and the others in rows of up to ROW_MAX below it. */
function mainAbove(a: Area, k: number, mainShare: number): Box[] {
  const mainH = Math.round(a.inner.h * mainShare);
  const below: Box = { x: M, y: M + mainH + G, w: INNER_W, h: a.inner.h - mainH - G };
  return [{ x: M, y: M, w: INNER_W, h: mainH }, ...grid(below, k, k <= ROW_MAX ? k : Math.ceil(k / 2))];
}

/** `k` small squares centred in one row at y (two rows when more than three). */
function squares(k: number, y: number): Box[] {
  const side = Math.min(PORTRAIT_SMALL_TILE_MAX_PX, (INNER_W - (k - 1) * G) / k);
  const perRow = Math.min(k, Math.max(1, Math.floor((INNER_W + G) / (side + G))));
  return Array.from({ length: k }, (_, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, k - row * perRow);
    const x0 = (W - (inRow * side + (inRow - 1) * G)) / 2;
    return { x: x0 + (i % perRow) * (side + G), y: y + row * (side + G), w: side, h: side };
  });
}

function cinema(a: Area, n: number): Box[] {
  const k = n - 1;
  const strip = squares(k, 0);
  const stripH = Math.max(...strip.map((b) => b.y + b.h));
  const stripY = a.h - M - stripH;
  return [{ x: M, y: M, w: INNER_W, h: stripY - G - M }, ...strip.map((b) => ({ ...b, y: b.y + stripY }))];
}

function rows(a: Area, n: number, contentShare: boolean): Box[] {
  if (!contentShare) return grid(a.inner, n, 1);
  const half = (a.inner.h - G) / 2;
  return [{ x: M, y: M, w: INNER_W, h: half }, ...grid({ x: M, y: M + half + G, w: INNER_W, h: half }, n - 1, 1)];
}

/**
 * Pixel boxes of the shown 9:16 slots in an area 1080 wide and `height` tall (the frame, or the part
 * above the bottom band's graphics); null marks a slot the layout hides.
 */
export function portraitBoxes(layout: LayoutCode, n: number, contentShare: boolean, height: number = FRAME_SIZES['9:16'].height): (Box | null)[] {
  const a = areaOf(height);
  const full = fullBox({ width: W, height });
  if (n === 1) return [full]; // one person fills the frame in every layout
  switch (layout) {
    case 'CLASSIC':
      return grid(a.inner, n, classicCols(n));
    case 'COVER':
      return [full, ...Array.from({ length: n - 1 }, () => null)];
    case 'SPLIT':
      return mainAbove(a, n - 1, PORTRAIT_SPLIT_MAIN_SHARE);
    case 'CINEMA':
      return cinema(a, n);
    case 'SIDEBYSIDE':
      return rows(a, n, contentShare);
    case 'PIP':
      return [full, ...squares(n - 1, PORTRAIT_PIP_TOP_PX)];
  }
}
