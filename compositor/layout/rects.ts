/**
 * Producer slots per layout (§2 Stage layouts). Geometry is designed in output pixels of the 16:9
 * 1920×1080 frame and returned as canvas fractions, so it is the same at any output size.
 * GEOMETRY.md beside this file draws every layout.
 */
/**
 * Producer slots per layout (§2 Stage layouts), for each shape of the program (issue 34). The 16:9
 * geometry is designed in output pixels of the 1920×1080 frame, the 9:16 one in 1080×1920
 * (portraitRects.ts), and both are returned as canvas fractions, so they are the same at any output
 * size. GEOMETRY.md beside this file draws every 16:9 layout.
 */
import { FRAME_ASPECT, MAX_LIVE_SHOWN } from '../model/constants';
import { FRAME_SIZES, LANDSCAPE, type FrameShape } from '../model/frame';
import type { LayoutCode } from '../model/types';
import { portraitBoxes } from './portraitRects';
import { centredRow as centredBoxes, fullBox, HIDDEN_SLOT, TILE_GUTTER_PX, TILE_MARGIN_PX, toSlot, type Box, type LayoutSlot } from './slotBoxes';

export { coverCrop, FULL_FRAME_SLOT, HIDDEN_POSITION, HIDDEN_SLOT, TILE_GUTTER_PX, TILE_MARGIN_PX, type LayoutSlot } from './slotBoxes';

const FRAME = FRAME_SIZES['16:9'];
const W = FRAME.width;
const H = FRAME.height;
/** Largest small tile (16:9) in the CINEMA strip and in PIP insets: a fifth of the frame width. */
export const SMALL_TILE_MAX_WIDTH_PX = 384;
/** SPLIT: the stacked column is at most a third of the inner width. */
const SPLIT_SIDE_MAX_SHARE = 1 / 3;
const INNER_W = W - 2 * TILE_MARGIN_PX;
const INNER_H = H - 2 * TILE_MARGIN_PX;

export interface LayoutRectsOptions {
  /** Slot 0 is a live content share: it takes the main slot and is fitted whole, never cropped. */
  contentShare?: boolean;
  /** The program's shape (16:9 unless said). */
  shape?: FrameShape;
  /**
   * 9:16 only: the share of the frame's height the layout fills (from the top), when the bottom band's
   * graphics take the rest (shiftVideosUp); the slots are fractions of that area.
   */
  areaHeight?: number;
}

const FULL: Box = fullBox(FRAME);

/** `count` 16:9 tiles of width `tileW` in a row centred on x = W/2 at y. */
const centredRow = (count: number, tileW: number, y: number): Box[] => centredBoxes(FRAME, count, tileW, tileW / FRAME_ASPECT, y);

/** Width of a 16:9 small tile when `count` of them share one row. */
function smallTileWidth(count: number): number {
  return Math.min(SMALL_TILE_MAX_WIDTH_PX, (INNER_W - (count - 1) * TILE_GUTTER_PX) / count);
}

/** CLASSIC grid shape by count: 2 → 2×1, 3–4 → 2×2, 5–6 → 3×2, 7–9 → 3×3. */
function classicGrid(n: number): { cols: number; rows: number } {
  if (n <= 2) return { cols: 2, rows: 1 };
  if (n <= 4) return { cols: 2, rows: 2 };
  if (n <= 6) return { cols: 3, rows: 2 };
  return { cols: 3, rows: 3 };
}

function classic(n: number): Box[] {
  const { cols, rows } = classicGrid(n);
  const byWidth = (INNER_W - (cols - 1) * TILE_GUTTER_PX) / cols;
  const byHeight = ((INNER_H - (rows - 1) * TILE_GUTTER_PX) / rows) * FRAME_ASPECT;
  const tileW = Math.min(byWidth, byHeight);
  const tileH = tileW / FRAME_ASPECT;
  const usedRows = Math.ceil(n / cols);
  const y0 = (H - (usedRows * tileH + (usedRows - 1) * TILE_GUTTER_PX)) / 2;
  const boxes: Box[] = [];
  for (let r = 0; r < usedRows; r += 1) {
    const inRow = Math.min(cols, n - r * cols); // only the last row can be short; it is centred
    boxes.push(...centredRow(inRow, tileW, y0 + r * (tileH + TILE_GUTTER_PX)));
  }
  return boxes;
}

function split(n: number): Box[] {
  const k = n - 1;
  const cols = k <= 4 ? 1 : 2; // 6+ live (not offered) wraps the stack into two columns
  const rows = Math.ceil(k / cols);
  const tileH = (INNER_H - (rows - 1) * TILE_GUTTER_PX) / rows;
  const naturalW = cols * tileH * FRAME_ASPECT + (cols - 1) * TILE_GUTTER_PX; // 16:9 stack
  const maxSide = cols === 1 ? (INNER_W - TILE_GUTTER_PX) * SPLIT_SIDE_MAX_SHARE : (INNER_W - TILE_GUTTER_PX) / 2;
  const sideW = Math.min(naturalW, maxSide);
  const mainW = INNER_W - TILE_GUTTER_PX - sideW;
  const tileW = (sideW - (cols - 1) * TILE_GUTTER_PX) / cols;
  const sideX = TILE_MARGIN_PX + mainW + TILE_GUTTER_PX;
  const side = Array.from({ length: k }, (_, i) => ({
    x: sideX + (i % cols) * (tileW + TILE_GUTTER_PX),
    y: TILE_MARGIN_PX + Math.floor(i / cols) * (tileH + TILE_GUTTER_PX),
    w: tileW,
    h: tileH,
  }));
  return [{ x: TILE_MARGIN_PX, y: TILE_MARGIN_PX, w: mainW, h: INNER_H }, ...side];
}

function cinema(n: number): Box[] {
  const k = n - 1;
  const tileW = smallTileWidth(k);
  const stripY = H - TILE_MARGIN_PX - tileW / FRAME_ASPECT;
  const main = { x: TILE_MARGIN_PX, y: TILE_MARGIN_PX, w: INNER_W, h: stripY - TILE_GUTTER_PX - TILE_MARGIN_PX };
  return [main, ...centredRow(k, tileW, stripY)];
}

/** Equal full-height columns from x over width w. */
function columns(count: number, x: number, w: number): Box[] {
  const colW = (w - (count - 1) * TILE_GUTTER_PX) / count;
  return Array.from({ length: count }, (_, i) => ({
    x: x + i * (colW + TILE_GUTTER_PX),
    y: TILE_MARGIN_PX,
    w: colW,
    h: INNER_H,
  }));
}

/** A content share gets the left half (a fifth of the width would make a screen unreadable). */
function sideBySide(n: number, contentShare: boolean): Box[] {
  if (!contentShare) return columns(n, TILE_MARGIN_PX, INNER_W);
  const half = (INNER_W - TILE_GUTTER_PX) / 2;
  return [...columns(1, TILE_MARGIN_PX, half), ...columns(n - 1, TILE_MARGIN_PX + half + TILE_GUTTER_PX, half)];
}

function pip(n: number): Box[] {
  const k = n - 1;
  const tileW = smallTileWidth(k);
  const tileH = tileW / FRAME_ASPECT;
  // Right-aligned on the margins, rank order left to right.
  const x0 = W - TILE_MARGIN_PX - (k * tileW + (k - 1) * TILE_GUTTER_PX);
  const y = H - TILE_MARGIN_PX - tileH;
  const insets = Array.from({ length: k }, (_, i) => ({ x: x0 + i * (tileW + TILE_GUTTER_PX), y, w: tileW, h: tileH }));
  return [FULL, ...insets];
}

/** Pixel boxes of the shown 16:9 slots; null marks a slot the layout hides. */
function boxes(layout: LayoutCode, n: number, contentShare: boolean): (Box | null)[] {
  if (n === 1) return [FULL]; // one producer fills the frame in every layout
  switch (layout) {
    case 'CLASSIC':
      return classic(n);
    case 'COVER':
      return [FULL, ...Array.from({ length: n - 1 }, () => null)];
    case 'SPLIT':
      return split(n);
    case 'CINEMA':
      return cinema(n);
    case 'SIDEBYSIDE':
      return sideBySide(n, contentShare);
    case 'PIP':
      return pip(n);
  }
}

/**
 * One slot per shown producer, in show order (content share first, then liveRank). Total for any
 * layout and count; count is clamped to 0..MAX_LIVE_SHOWN. Callers pick the layout with
 * effectiveLayout first: this function draws what it is asked, offered or not.
 */
export function layoutRects(layout: LayoutCode, count: number, opts: LayoutRectsOptions = {}): LayoutSlot[] {
  const n = Math.max(0, Math.min(MAX_LIVE_SHOWN, Math.floor(count)));
  if (!(n > 0)) return [];
  const contentShare = opts.contentShare === true;
  const shape = opts.shape ?? LANDSCAPE;
  if (shape === LANDSCAPE) return boxes(layout, n, contentShare).map((box, i) => (box === null ? HIDDEN_SLOT : toSlot(box, contentShare && i === 0 ? 'contain' : 'cover', FRAME)));
  const area = { width: FRAME_SIZES[shape].width, height: Math.round(FRAME_SIZES[shape].height * (opts.areaHeight ?? 1)) };
  return portraitBoxes(layout, n, contentShare, area.height).map((box, i) => (box === null ? HIDDEN_SLOT : toSlot(box, contentShare && i === 0 ? 'contain' : 'cover', area)));
}
