import { describe, it, expect } from 'vitest';
import { layoutRects, type LayoutSlot } from '../../../compositor/layout/rects';
import { PORTRAIT_PIP_TOP_PX, PORTRAIT_SMALL_TILE_MAX_PX, PORTRAIT_SPLIT_MAIN_SHARE } from '../../../compositor/layout/portraitRects';
import { TILE_MARGIN_PX } from '../../../compositor/layout/slotBoxes';
import { FRAME_SIZES } from '../../../compositor/model/frame';
import { LAYOUT_CODES, type LayoutCode, type Rect } from '../../../compositor/model/types';

const { width: W, height: H } = FRAME_SIZES['9:16'];
const EPS = 1e-9;
const COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const CASES = LAYOUT_CODES.flatMap((layout) => COUNTS.flatMap((n) => [false, true].map((share) => [layout, n, share] as [LayoutCode, number, boolean])));
const portrait = (layout: LayoutCode, n: number, share = false) => layoutRects(layout, n, { contentShare: share, shape: '9:16' });
/** Pixel aspect (width / height) of a rect of the 9:16 frame. */
const aspect = (r: Rect): number => (r.width * W) / (r.height * H);
const shown = (slots: LayoutSlot[]): LayoutSlot[] => slots.filter((s) => !s.isHidden);
const overlaps = (a: Rect, b: Rect): boolean => a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;
const px = (r: Rect) => ({ x: Math.round(r.x * W), y: Math.round(r.y * H), w: Math.round(r.width * W), h: Math.round(r.height * H) });

describe('the 9:16 layouts: every layout × count 1..9 × content share', () => {
  it.each(CASES)('%s × %i (share %s): one slot per producer, inside the frame', (layout, n, share) => {
    const slots = portrait(layout, n, share);
    expect(slots).toHaveLength(n);
    for (const { position: r } of slots) {
      expect(Math.min(r.x, r.y, r.width, r.height)).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(1 + EPS);
      expect(r.y + r.height).toBeLessThanOrEqual(1 + EPS);
    }
  });

  it.each(CASES.filter(([layout]) => layout !== 'PIP' && layout !== 'COVER'))('%s × %i (share %s): no tile covers another', (layout, n, share) => {
    const rects = shown(portrait(layout, n, share)).map((s) => s.position);
    rects.forEach((a, i) => rects.slice(i + 1).forEach((b) => expect(overlaps(a, b), JSON.stringify([a, b])).toBe(false)));
  });

  it.each(CASES)('%s × %i (share %s): a camera is cropped to cover its tile, centred', (layout, n, share) => {
    for (const [i, { position, crop }] of portrait(layout, n, share).entries()) {
      if (position.width === 0 || (share && i === 0)) continue;
      const visible = ((1 - crop.left - crop.right) * 16) / ((1 - crop.top - crop.bottom) * 9);
      expect(Math.abs(visible / aspect(position) - 1)).toBeLessThan(0.01);
      expect(crop.left).toBeCloseTo(crop.right, 4);
      expect(crop.top).toBeCloseTo(crop.bottom, 4);
    }
  });

  it.each(CASES.filter(([, , share]) => share))('%s × %i with a shared screen: it keeps its 16:9 aspect, whole, inside the frame', (layout, n) => {
    const first = portrait(layout, n, true)[0]!;
    expect(first.crop).toEqual({ top: 0, left: 0, bottom: 0, right: 0 });
    expect(Math.abs(aspect(first.position) - 16 / 9)).toBeLessThan(0.01);
  });
});

describe('the 9:16 layouts by design', () => {
  it.each(LAYOUT_CODES)('%s: one person fills the frame', (layout) => {
    expect(portrait(layout, 1)[0]!.position).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  // [count, tiles per row, top to bottom]
  it.each<[number, number[]]>([
    [2, [1, 1]],
    [3, [2, 1]],
    [4, [2, 2]],
    [5, [2, 2, 1]],
    [6, [2, 2, 2]],
    [7, [3, 3, 1]],
    [9, [3, 3, 3]],
  ])('CLASSIC × %i: rows of %j filling the width and the height within the margins', (n, perRow) => {
    const rects = portrait('CLASSIC', n).map((s) => px(s.position));
    const rows = [...new Set(rects.map((r) => r.y))].sort((a, b) => a - b);
    expect(rows.map((y) => rects.filter((r) => r.y === y).length)).toEqual(perRow);
    expect(Math.min(...rects.map((r) => r.y))).toBe(TILE_MARGIN_PX);
    expect(Math.max(...rects.map((r) => r.y + r.h))).toBe(H - TILE_MARGIN_PX);
    const full = rects.filter((r) => rects.filter((o) => o.y === r.y).length === perRow[0]);
    expect(Math.min(...full.map((r) => r.x))).toBe(TILE_MARGIN_PX);
    expect(Math.max(...full.map((r) => r.x + r.w))).toBe(W - TILE_MARGIN_PX);
  });

  it('two people stack, each the full width', () => {
    const [a, b] = portrait('CLASSIC', 2).map((s) => px(s.position));
    expect(a!.x).toBe(b!.x);
    expect(a!.w).toBe(W - 2 * TILE_MARGIN_PX);
    expect(a!.y + a!.h).toBeLessThan(b!.y);
  });

  it.each<[number, number]>([
    [2, 1],
    [3, 1],
    [4, 1],
    [5, 2],
  ])('SPLIT × %i: the spotlight on top, the others in %i row(s) below it', (n, rows) => {
    const [main, ...others] = portrait('SPLIT', n).map((s) => px(s.position));
    expect(main!.w).toBe(W - 2 * TILE_MARGIN_PX);
    expect(main!.h).toBeCloseTo((H - 2 * TILE_MARGIN_PX) * PORTRAIT_SPLIT_MAIN_SHARE, -1);
    for (const o of others) expect(o.y).toBeGreaterThan(main!.y + main!.h);
    expect(new Set(others.map((o) => o.y)).size).toBe(rows);
  });

  it.each([2, 3, 4, 5])('CINEMA × %i: the main picture over a bottom strip of small squares', (n) => {
    const [main, ...strip] = portrait('CINEMA', n).map((s) => px(s.position));
    for (const t of strip) {
      expect(t.w).toBe(t.h);
      expect(t.w).toBeLessThanOrEqual(PORTRAIT_SMALL_TILE_MAX_PX);
      expect(t.y).toBeGreaterThan(main!.y + main!.h);
      expect(t.y + t.h).toBe(H - TILE_MARGIN_PX);
    }
  });

  it.each([2, 3, 4])('SIDEBYSIDE × %i: equal full-width rows', (n) => {
    const rects = portrait('SIDEBYSIDE', n).map((s) => px(s.position));
    expect(new Set(rects.map((r) => r.h)).size).toBe(1);
    for (const r of rects) expect(r.w).toBe(W - 2 * TILE_MARGIN_PX);
  });

  it.each([2, 3, 4])('PIP × %i: the first fills the frame, the others small squares near the top, clear of the bottom', (n) => {
    const [first, ...insets] = portrait('PIP', n).map((s) => px(s.position));
    expect(first).toEqual({ x: 0, y: 0, w: W, h: H });
    for (const t of insets) {
      expect(t.w).toBe(t.h);
      expect(t.y).toBe(PORTRAIT_PIP_TOP_PX);
    }
  });

  it('COVER shows the first alone', () => {
    expect(portrait('COVER', 3).map((s) => s.isHidden)).toEqual([false, true, true]);
  });

  it('16:9 is what it was: the shape left out draws 16:9', () => {
    for (const layout of LAYOUT_CODES) for (const n of COUNTS) expect(layoutRects(layout, n, { shape: '16:9' })).toEqual(layoutRects(layout, n));
  });
});
