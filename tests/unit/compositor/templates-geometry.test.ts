/**
 * Geometry of the lower third, ticker, logo and name tag (pure, one row per rule): §9 ticker at
 * y 0.95 scrolling 60 px/s with padding 60, logo anchors 0.08 / 0.92, name tags inside their tile,
 * 120-character lower thirds inside the frame in every theme.
 */
import { describe, expect, it } from 'vitest';
import { LOGO_POSITIONS, TEMPLATE_THEMES, type LogoPosition } from '../../../compositor/model/channel';
import { layoutRects } from '../../../compositor/layout/rects';
import { logoBox, LOGO_HEIGHT } from '../../../compositor/templates/logo';
import { layoutLowerThird, LOWER_THIRD_THEMES, LT_BOTTOM, lowerThirdText } from '../../../compositor/templates/lowerThird';
import { layoutNametag } from '../../../compositor/templates/nametag';
import { tickerBand, tickerCopies, tickerGap, tickerOffset, tickerPieces, tickerSpeed, tickerStripX } from '../../../compositor/templates/ticker';
import { fitText, type Measure } from '../../../compositor/templates/shared/text';
import { presence } from '../../../compositor/templates/shared/motion';
import type { Box } from '../../../compositor/templates/types';

/** A stand-in for canvas text metrics: every grapheme is 0.55 em wide. */
const measure: Measure = (text, px) => Array.from(text).length * 0.55 * px;
const inside = (b: Box, outer: Box): boolean => b.x >= outer.x && b.y >= outer.y && b.x + b.width <= outer.x + outer.width && b.y + b.height <= outer.y + outer.height;
const FRAME = { x: 0, y: 0, width: 1920, height: 1080 };

const LONG_120 = 'Dr. Maximiliana Oyelaran-Whitfield, Director of Distributed Systems Research and Chair of the Standards Committee, Lisbo';
const JAPANESE_120 = '東京の分散システム研究所で主任研究員を務め、国際標準化委員会の議長として低遅延配信の仕様策定を主導しています。'.repeat(3).slice(0, 120);

describe('lower third: 120 characters fit the frame in every theme', () => {
  it('the samples are 120 characters', () => {
    expect(Array.from(LONG_120)).toHaveLength(120);
    expect(Array.from(JAPANESE_120)).toHaveLength(120);
  });

  it.each(TEMPLATE_THEMES.flatMap((theme) => [LONG_120, JAPANESE_120, 'Ada Lovelace'].map((text) => [theme, text] as const)))('theme %s: %s', (theme, text) => {
    const spec = LOWER_THIRD_THEMES[theme];
    for (const [w, h] of [[1920, 1080], [1600, 900], [640, 360]] as const) {
      const frame = { x: 0, y: 0, width: w, height: h };
      const layout = layoutLowerThird({ primary: text, secondary: text }, spec, { primary: measure, secondary: measure }, w, h)!;
      expect(layout).not.toBeNull();
      for (const panel of layout.panels) expect(inside(panel.box, frame)).toBe(true);
      for (const block of [layout.primary!, layout.secondary!]) {
        expect(block.lines.length).toBeLessThanOrEqual(2);
        const widest = Math.max(...block.lines.map((l) => measure(l, block.fontPx))) * block.scaleX;
        expect(block.x + widest).toBeLessThanOrEqual(layout.bounds.x + layout.bounds.width + 1);
        expect(block.x + widest).toBeLessThanOrEqual(w);
        // Nothing is cut: the lines hold every character.
        expect(block.lines.join('').replace(/ /g, '')).toBe(lowerThirdText(text, spec.caps).replace(/ /g, ''));
      }
      expect(layout.bounds.y + layout.bounds.height).toBe(Math.round(LT_BOTTOM * h));
    }
  });

  it('a short name keeps the largest font on one line; an empty lower third draws nothing', () => {
    const spec = LOWER_THIRD_THEMES['1'];
    const layout = layoutLowerThird({ primary: 'Ada Lovelace', secondary: '' }, spec, { primary: measure, secondary: measure }, 1920, 1080)!;
    expect(layout.primary!.fontPx).toBe(Math.round(spec.primaryFont[0] * 1080));
    expect(layout.primary!.lines).toEqual(['Ada Lovelace']);
    expect(layout.secondary).toBeNull();
    expect(layout.panels).toHaveLength(1);
    expect(layoutLowerThird({ primary: ' ', secondary: '' }, spec, { primary: measure, secondary: measure }, 1920, 1080)).toBeNull();
  });

  it('theme 3 draws capitals, theme 2 one card with an accent edge', () => {
    const t3 = layoutLowerThird({ primary: 'Ada', secondary: 'Engineer' }, LOWER_THIRD_THEMES['3'], { primary: measure, secondary: measure }, 1920, 1080)!;
    expect(t3.primary!.lines).toEqual(['ADA']);
    expect(t3.panels.map((p) => p.fill)).toEqual(['primary', 'dark']);
    const t2 = layoutLowerThird({ primary: 'Ada', secondary: 'Engineer' }, LOWER_THIRD_THEMES['2'], { primary: measure, secondary: measure }, 1920, 1080)!;
    expect(t2.panels).toHaveLength(1);
    expect(t2.accent).not.toBeNull();
  });

  it('fitText never overflows, whatever the text', () => {
    for (const text of [LONG_120, JAPANESE_120, 'x'.repeat(2000), 'a b c']) {
      const fit = fitText(text, measure, 400, 2, 40, 20);
      expect(fit.lines.length).toBeLessThanOrEqual(2);
      for (const line of fit.lines) expect(measure(line, fit.fontPx) * fit.scaleX).toBeLessThanOrEqual(400 + 1e-6);
    }
  });
});

describe('ticker (§9 at y 0.95, 60 px per second, padding 60)', () => {
  it('the band sits on y 0.95 (its text inside title-safe), as tall as the old band to the edge', () => {
    expect(tickerBand(1920, 1080)).toEqual({ x: 0, y: 972, width: 1920, height: 54 });
    expect(tickerBand(1600, 900)).toEqual({ x: 0, y: 810, width: 1600, height: 45 });
  });

  it.each([
    [1920, 60, 60],
    [1600, 50, 50],
    [960, 30, 30],
  ])('at %i px wide: %f px/s, gap %i', (w, speed, gap) => {
    expect(tickerSpeed(w)).toBeCloseTo(speed);
    expect(tickerGap(w)).toBe(gap);
  });

  it('advances 60 px per second and loops every text width + padding', () => {
    const text = 2000;
    expect(tickerOffset(0, text, 1920)).toBe(0);
    expect(tickerOffset(1000, text, 1920)).toBeCloseTo(60);
    expect(tickerOffset(2500, text, 1920)).toBeCloseTo(150);
    const period = text + 60;
    const oneLoopMs = (period / 60) * 1000;
    expect(tickerOffset(oneLoopMs, text, 1920)).toBeCloseTo(0);
    expect(tickerOffset(oneLoopMs + 1000, text, 1920)).toBeCloseTo(60);
    // The strip starts with the padding before the text.
    expect(tickerStripX(0, 1920)).toBe(60);
    expect(tickerStripX(60, 1920)).toBe(0);
  });

  it('two copies for a long text, enough to cover the band for a short one', () => {
    expect(tickerCopies(2000, 1920)).toBe(2);
    expect(tickerCopies(300, 1920)).toBe(Math.ceil(1920 / 360) + 1);
    expect(tickerCopies(0, 0)).toBe(0);
  });

  it('cuts 500 characters into pieces of at most 64, losing none', () => {
    const text = 'Breaking: '.repeat(50);
    const pieces = tickerPieces(text);
    expect(pieces.every((p) => Array.from(p).length <= 64)).toBe(true);
    expect(pieces.join('')).toBe(text.trim());
    expect(tickerPieces('  \n ')).toEqual([]);
  });
});

describe('logo (§9 anchors 0.08 / 0.92)', () => {
  const CORNERS: [LogoPosition, number, number][] = [
    ['TOPLEFT', 154, 86],
    ['TOPRIGHT', 1766, 86],
    ['BOTTOMLEFT', 154, 994],
    ['BOTTOMRIGHT', 1766, 994],
  ];
  it.each(CORNERS)("%s: the picture's corner is on the anchor (%i, %i), the picture inside the frame", (corner, ax, ay) => {
    const box = logoBox(corner, 400, 200, 1920, 1080);
    expect(box.height).toBe(Math.round(LOGO_HEIGHT * 1080));
    expect(box.width).toBe(2 * box.height); // aspect kept
    const cx = corner.endsWith('LEFT') ? box.x : box.x + box.width;
    const cy = corner.startsWith('TOP') ? box.y : box.y + box.height;
    expect([cx, cy]).toEqual([ax, ay]);
    expect(inside(box, FRAME)).toBe(true);
  });

  it('mid-edge positions centre the picture on that edge; every position stays inside', () => {
    expect(logoBox('TOP', 100, 100, 1920, 1080)).toMatchObject({ x: 960 - 65, y: 86 });
    expect(logoBox('LEFT', 100, 100, 1920, 1080)).toMatchObject({ x: 154, y: 540 - 65 });
    for (const p of LOGO_POSITIONS) expect(inside(logoBox(p, 1000, 100, 1920, 1080), FRAME)).toBe(true);
  });

  it('a very wide wordmark is limited in width, aspect kept', () => {
    const box = logoBox('TOPLEFT', 2000, 100, 1920, 1080);
    expect(box.width).toBe(Math.round(0.24 * 1920));
    expect(box.height).toBe(Math.round(box.width / 20));
  });
});

describe('name tag: at the bottom left, inside its tile', () => {
  it.each([1, 4, 9])('%i producers: every tag inside its tile, long names squeezed', (n) => {
    const slots = layoutRects('CLASSIC', n);
    for (const slot of slots) {
      const layout = layoutNametag(slot.position, 'Maximiliana Oyelaran-Whitfield of the Standards Committee', measure, 1920, 1080)!;
      expect(layout).not.toBeNull();
      expect(inside(layout.badge, layout.tile)).toBe(true);
      expect(inside(layout.band!, layout.tile)).toBe(true);
      const right = layout.name!.x + measure(layout.name!.text, layout.name!.fontPx) * layout.name!.scaleX;
      expect(right).toBeLessThanOrEqual(layout.band!.x + layout.band!.width + 1);
      // Bottom left: closer to the tile's left and bottom edges than to the others.
      expect(layout.badge.x - layout.tile.x).toBeLessThan(layout.tile.width / 4);
      expect(layout.tile.y + layout.tile.height - (layout.badge.y + layout.badge.height)).toBeLessThan(layout.tile.height / 4);
    }
  });

  it('a full-frame tile gets a larger tag than one of nine, within bounds', () => {
    const one = layoutNametag(layoutRects('CLASSIC', 1)[0]!.position, 'Ada', measure, 1920, 1080)!;
    const nine = layoutNametag(layoutRects('CLASSIC', 9)[0]!.position, 'Ada', measure, 1920, 1080)!;
    expect(one.badge.height).toBeGreaterThan(nine.badge.height);
    expect(one.badge.height).toBeLessThanOrEqual(54);
    expect(nine.badge.height).toBeGreaterThanOrEqual(28);
  });

  it('a hidden (zero-size) tile draws no tag; no name draws the badge only', () => {
    expect(layoutNametag({ x: 0.5, y: 0.5, width: 0, height: 0 }, 'Ada', measure, 1920, 1080)).toBeNull();
    const badgeOnly = layoutNametag({ x: 0, y: 0, width: 1, height: 1 }, '', measure, 1920, 1080)!;
    expect(badgeOnly.band).toBeNull();
  });
});

describe('motion', () => {
  it('plays in, holds, plays out from where it was', () => {
    expect(presence(0, 0, null, 500, 400)).toEqual({ amount: 0, moving: true });
    expect(presence(500, 0, null, 500, 400)).toEqual({ amount: 1, moving: false });
    expect(presence(700, 0, 600, 500, 400).amount).toBeGreaterThan(0);
    expect(presence(1000, 0, 600, 500, 400)).toEqual({ amount: 0, moving: false });
    // Removed half way in: leaves from there, never jumps to fully on.
    expect(presence(250, 0, 250, 500, 400).amount).toBeLessThan(1);
  });
});
