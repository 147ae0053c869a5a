import { describe, it, expect } from 'vitest';
import { layoutRects, TILE_MARGIN_PX, type LayoutSlot } from '../../../compositor/layout/rects';
import { OUTPUT_HEIGHT_PX, OUTPUT_WIDTH_PX } from '../../../compositor/model/constants';
import { LAYOUT_CODES, type LayoutCode, type Rect } from '../../../compositor/model/types';

const EPS = 1e-9;
const TILE_LAYOUTS: LayoutCode[] = ['CLASSIC', 'SPLIT', 'CINEMA', 'SIDEBYSIDE'];
const COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const CASES = LAYOUT_CODES.flatMap((layout) =>
  COUNTS.flatMap((n) => [false, true].map((share) => [layout, n, share] as [LayoutCode, number, boolean])),
);

/** Pixel aspect of a rect of the 16:9 frame. */
const aspect = (r: Rect): number => (r.width * 16) / (r.height * 9);
const shown = (slots: LayoutSlot[]): LayoutSlot[] => slots.filter((s) => !s.isHidden);
const hasFourDecimals = (v: number): boolean => Math.abs(v * 1e4 - Math.round(v * 1e4)) < 1e-6;
const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;
const area = (r: Rect): number => r.width * r.height;

describe('layoutRects: every layout × count 1..9 × content share', () => {
  it.each(CASES)('%s × %i (share %s): one slot per producer', (layout, n, share) => {
    expect(layoutRects(layout, n, { contentShare: share })).toHaveLength(n);
  });

  it.each(CASES)('%s × %i (share %s): every rect inside the canvas', (layout, n, share) => {
    for (const { position: r } of layoutRects(layout, n, { contentShare: share })) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.y).toBeGreaterThanOrEqual(0);
      expect(r.width).toBeGreaterThanOrEqual(0);
      expect(r.height).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(1 + EPS);
      expect(r.y + r.height).toBeLessThanOrEqual(1 + EPS);
    }
  });

  it.each(CASES)('%s × %i (share %s): positions and crops rounded to 4 decimals', (layout, n, share) => {
    for (const { position, crop } of layoutRects(layout, n, { contentShare: share })) {
      for (const v of [...Object.values(position), ...Object.values(crop)]) expect(hasFourDecimals(v), String(v)).toBe(true);
    }
  });

  it.each(CASES)('%s × %i (share %s): the crop makes the 16:9 source fill its tile', (layout, n, share) => {
    for (const { position, crop } of shown(layoutRects(layout, n, { contentShare: share }))) {
      const visible = ((1 - crop.left - crop.right) * 16) / ((1 - crop.top - crop.bottom) * 9);
      expect(Math.abs(visible / aspect(position) - 1)).toBeLessThan(0.01);
      expect(Math.min(...Object.values(crop))).toBeGreaterThanOrEqual(0);
      expect(crop.top).toBeCloseTo(crop.bottom, 4); // centred
      expect(crop.left).toBeCloseTo(crop.right, 4);
    }
  });

  it.each(CASES.filter(([layout]) => TILE_LAYOUTS.includes(layout)))(
    '%s × %i (share %s): tile layouts have no overlaps',
    (layout, n, share) => {
      const rects = shown(layoutRects(layout, n, { contentShare: share })).map((s) => s.position);
      expect(rects).toHaveLength(n);
      rects.forEach((a, i) => rects.slice(i + 1).forEach((b) => expect(overlaps(a, b), JSON.stringify([a, b])).toBe(false)));
    },
  );

  it.each(CASES.filter(([layout, n]) => n > 1 && layout !== 'COVER'))('%s × %i (share %s): tiles keep the outer margin', (layout, n, share) => {
    const mx = TILE_MARGIN_PX / OUTPUT_WIDTH_PX - 1e-4;
    const my = TILE_MARGIN_PX / OUTPUT_HEIGHT_PX - 1e-4;
    const slots = shown(layoutRects(layout, n, { contentShare: share }));
    for (const { position: r } of layout === 'PIP' ? slots.slice(1) : slots) {
      expect(r.x).toBeGreaterThanOrEqual(mx);
      expect(r.y).toBeGreaterThanOrEqual(my);
      expect(1 - r.x - r.width).toBeGreaterThanOrEqual(mx);
      expect(1 - r.y - r.height).toBeGreaterThanOrEqual(my);
    }
  });

  it.each(CASES.filter(([layout]) => layout === 'CLASSIC'))('CLASSIC × %i (share %s): tiles are 16:9', (_l, n, share) => {
    for (const { position, crop } of layoutRects('CLASSIC', n, { contentShare: share })) {
      expect(Math.abs(aspect(position) - 16 / 9)).toBeLessThan(0.01);
      expect(crop).toEqual({ top: 0, left: 0, bottom: 0, right: 0 });
    }
  });

  it.each(CASES.filter(([, , share]) => share))('%s × %i with content share: slot 0 is 16:9, uncropped, and the widest', (layout, n) => {
    const slots = layoutRects(layout, n, { contentShare: true });
    const first = slots[0]!;
    expect(first.isHidden).toBe(false);
    expect(first.crop).toEqual({ top: 0, left: 0, bottom: 0, right: 0 });
    expect(Math.abs(aspect(first.position) - 16 / 9)).toBeLessThan(0.01);
    // Widest, not largest: a cropped full-height column (SIDEBYSIDE × 2) has more area than a letterboxed share.
    for (const s of shown(slots).slice(1)) expect(first.position.width).toBeGreaterThanOrEqual(s.position.width - 1e-3);
  });
});

describe('layoutRects: per-layout design', () => {
  it.each(LAYOUT_CODES)('%s with one producer fills the frame', (layout) => {
    expect(layoutRects(layout, 1)).toEqual([
      { position: { x: 0, y: 0, width: 1, height: 1 }, crop: { top: 0, left: 0, bottom: 0, right: 0 }, isHidden: false },
    ]);
  });

  // [count, rows, tiles per row]: 2 side by side, 3–4 as 2×2, 5–6 as 3×2, 7–9 as 3×3.
  it.each<[number, number[]]>([
    [2, [2]],
    [3, [2, 1]],
    [4, [2, 2]],
    [5, [3, 2]],
    [6, [3, 3]],
    [7, [3, 3, 1]],
    [8, [3, 3, 2]],
    [9, [3, 3, 3]],
  ])('CLASSIC × %i: rows of %j, each row and the block centred', (n, perRow) => {
    const rects = layoutRects('CLASSIC', n).map((s) => s.position);
    const rows = [...new Set(rects.map((r) => r.y))].sort((a, b) => a - b);
    expect(rows.map((y) => rects.filter((r) => r.y === y).length)).toEqual(perRow);
    for (const y of rows) {
      const row = rects.filter((r) => r.y === y);
      const left = Math.min(...row.map((r) => r.x));
      const right = Math.max(...row.map((r) => r.x + r.width));
      expect((left + right) / 2).toBeCloseTo(0.5, 3);
    }
    const top = Math.min(...rects.map((r) => r.y));
    const bottom = Math.max(...rects.map((r) => r.y + r.height));
    expect((top + bottom) / 2).toBeCloseTo(0.5, 3);
  });

  it.each([2, 3, 5, 9])('COVER × %i: first full frame, the others hidden with zero size', (n) => {
    const [first, ...rest] = layoutRects('COVER', n);
    expect(first?.position).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(rest).toHaveLength(n - 1);
    for (const s of rest) {
      expect(s.isHidden).toBe(true);
      expect(s.position.width * s.position.height).toBe(0);
    }
  });

  it.each([2, 3, 4, 5, 9])('SPLIT × %i: one large tile left, the others to its right', (n) => {
    const [main, ...side] = layoutRects('SPLIT', n).map((s) => s.position);
    for (const r of side) {
      expect(r.x).toBeGreaterThan(main!.x + main!.width);
      expect(area(r)).toBeLessThan(area(main!));
    }
    expect(main!.height).toBeGreaterThan(0.9);
  });

  it.each([3, 4, 5])('SPLIT × %i (offered): the others are stacked in one column', (n) => {
    const side = layoutRects('SPLIT', n).slice(1).map((s) => s.position);
    expect(new Set(side.map((r) => r.x)).size).toBe(1);
  });

  it.each([2, 3, 5, 9])('CINEMA × %i: large main tile, a centred row of small 16:9 tiles under it', (n) => {
    const [main, ...row] = layoutRects('CINEMA', n).map((s) => s.position);
    expect(main!.width).toBeGreaterThan(0.9);
    expect(new Set(row.map((r) => r.y)).size).toBe(1);
    for (const r of row) {
      expect(r.y).toBeGreaterThan(main!.y + main!.height);
      expect(Math.abs(aspect(r) - 16 / 9)).toBeLessThan(0.01);
    }
    const left = Math.min(...row.map((r) => r.x));
    const right = Math.max(...row.map((r) => r.x + r.width));
    expect((left + right) / 2).toBeCloseTo(0.5, 3);
  });

  it.each([2, 3, 4, 5])('SIDEBYSIDE × %i: equal columns filling the height', (n) => {
    const rects = layoutRects('SIDEBYSIDE', n).map((s) => s.position);
    for (const r of rects) {
      expect(r.width).toBeCloseTo(rects[0]!.width, 3);
      expect(r.height).toBeGreaterThan(0.9);
      expect(aspect(r)).toBeLessThan(16 / 9);
    }
  });

  it.each([2, 3, 5, 9])('PIP × %i: first full frame, insets in a row at the bottom right', (n) => {
    const [main, ...insets] = layoutRects('PIP', n).map((s) => s.position);
    expect(main).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(new Set(insets.map((r) => r.y)).size).toBe(1);
    const right = Math.max(...insets.map((r) => r.x + r.width));
    expect(right).toBeGreaterThan(0.95);
    for (const r of insets) {
      expect(r.y).toBeGreaterThan(0.5);
      expect(Math.abs(aspect(r) - 16 / 9)).toBeLessThan(0.01);
    }
    insets.forEach((a, i) => insets.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
    for (let i = 1; i < insets.length; i += 1) expect(insets[i]!.x).toBeGreaterThan(insets[i - 1]!.x); // rank order
  });

  it('CINEMA with content share: the share is letterboxed in the main slot, never cropped', () => {
    const [share] = layoutRects('CINEMA', 3, { contentShare: true });
    const [producerMain] = layoutRects('CINEMA', 3);
    expect(share!.position.width).toBeLessThan(producerMain!.position.width);
    expect(producerMain!.crop.top).toBeGreaterThan(0);
  });

  it('SIDEBYSIDE with content share: the share gets the left half', () => {
    const [share, ...others] = layoutRects('SIDEBYSIDE', 5, { contentShare: true }).map((s) => s.position);
    expect(share!.width).toBeGreaterThan(0.45);
    for (const r of others) expect(r.x).toBeGreaterThan(0.5);
  });

  it.each<[number, number]>([
    [0, 0],
    [-2, 0],
    [Number.NaN, 0],
    [12, 9],
  ])('count %d is clamped to %i slots', (count, expected) => {
    expect(layoutRects('CLASSIC', count)).toHaveLength(expected);
  });
});
