// @vitest-environment node
/**
 * Issue 26, the bottom band: one row per rule (graphics on stage + layout + shiftVideosUp → rects),
 * and as properties over every combination: nothing covers anything, all inside title-safe, and with
 * shiftVideosUp no tile reaches into the graphics.
 */
import { describe, expect, it } from 'vitest';
import {
  BAND_GAP,
  FULL_FRAME,
  layoutRects,
  nametagArea,
  placeInArea,
  planBottomBand,
  PRODUCER_AREA_MIN,
  TICKER_HEIGHT,
  TITLE_SAFE,
  type BandInput,
} from '../../../compositor/layout';
import { easeInOutCubic, TILE_EASE_MS, tweenRect } from '../../../compositor/layout/tween';
import { CHAT_OVERLAY_START_Y, TICKER_Y } from '../../../compositor/model/constants';
import type { LayoutCode, Rect } from '../../../compositor/model/types';
import { chatOverlayHeight } from '../../../compositor/templates/chatOverlay/geometry';
import { lowerThirdHeight } from '../../../compositor/templates/lowerThird/geometry';
import { LOWER_THIRD_THEMES } from '../../../compositor/templates/lowerThird/schema';

const LT = lowerThirdHeight({ primary: 'Welcome to the show', secondary: 'We start in a moment' }, LOWER_THIRD_THEMES['1']);
const CHAT = chatOverlayHeight('Great question about pricing, can you show the plans again?', 'Priya');
const EPS = 1e-4;

describe('constants', () => {
  it('title-safe is the central 90 %, the ticker sits on y 0.95 (§9), tiles ease over 300 ms', () => {
    expect(TITLE_SAFE).toEqual({ x: 0.05, y: 0.05, width: 0.9, height: 0.9 });
    expect(TICKER_Y).toBe(0.95);
    expect(TICKER_HEIGHT).toBeCloseTo(0.05, 10);
    expect(BAND_GAP).toBe(0.01);
    expect(PRODUCER_AREA_MIN).toBe(0.6);
    expect(TILE_EASE_MS).toBe(300);
  });
});

describe('planBottomBand: one row per rule', () => {
  it.each<[string, BandInput, { ticker: Rect | null; lowerThirdBottom: number | null; chatBottom: number | null; area: 'full' | 'shifted' }]>([
    ['nothing on stage', { ticker: false, lowerThird: null, chat: null, shiftVideosUp: true }, { ticker: null, lowerThirdBottom: null, chatBottom: null, area: 'full' }],
    ['lower third alone, shift off: y 0.92 over the tiles', { ticker: false, lowerThird: LT, chat: null, shiftVideosUp: false }, { ticker: null, lowerThirdBottom: 0.92, chatBottom: null, area: 'full' }],
    ['lower third alone, shift on: tiles move up', { ticker: false, lowerThird: LT, chat: null, shiftVideosUp: true }, { ticker: null, lowerThirdBottom: 0.92, chatBottom: null, area: 'shifted' }],
    ['chat alone: §9 y 0.8', { ticker: false, lowerThird: null, chat: CHAT, shiftVideosUp: true }, { ticker: null, lowerThirdBottom: null, chatBottom: CHAT_OVERLAY_START_Y, area: 'shifted' }],
    ['lower third + chat: chat above the lower third', { ticker: false, lowerThird: LT, chat: CHAT, shiftVideosUp: true }, { ticker: null, lowerThirdBottom: 0.92, chatBottom: Math.round((0.92 - LT - BAND_GAP) * 1e4) / 1e4, area: 'shifted' }],
    ['ticker alone: band 0.90–0.95', { ticker: true, lowerThird: null, chat: null, shiftVideosUp: true }, { ticker: { x: 0, y: 0.9, width: 1, height: 0.05 }, lowerThirdBottom: null, chatBottom: null, area: 'shifted' }],
    ['ticker + lower third: lower third above the ticker', { ticker: true, lowerThird: LT, chat: null, shiftVideosUp: false }, { ticker: { x: 0, y: 0.9, width: 1, height: 0.05 }, lowerThirdBottom: 0.89, chatBottom: null, area: 'full' }],
  ])('%s', (_, input, want) => {
    const plan = planBottomBand(input);
    expect(plan.ticker).toEqual(want.ticker);
    expect(plan.lowerThirdBottom).toBe(want.lowerThirdBottom);
    expect(plan.chat?.bottom ?? null).toBe(want.chatBottom);
    if (want.area === 'full') expect(plan.producerArea).toEqual(FULL_FRAME);
    else {
      expect(plan.producerArea.width).toBeLessThan(1);
      expect(plan.producerArea.width).toBe(plan.producerArea.height); // same aspect: tiles keep their crop
      expect(plan.producerArea.y + plan.producerArea.height).toBeLessThanOrEqual(plan.top - BAND_GAP + EPS);
    }
  });

  it('a long chat message gives way to the producers with shift on (their area never below 60 %)', () => {
    const long = chatOverlayHeight('word '.repeat(120), 'Name');
    const plan = planBottomBand({ ticker: true, lowerThird: LT, chat: long, shiftVideosUp: true });
    expect(plan.producerArea.height).toBeGreaterThanOrEqual(PRODUCER_AREA_MIN - EPS);
    expect(plan.chat!.ceiling).toBeCloseTo(PRODUCER_AREA_MIN + BAND_GAP, 6);
    expect(planBottomBand({ ticker: false, lowerThird: null, chat: long, shiftVideosUp: false }).chat!.ceiling).toBe(TITLE_SAFE.y);
  });
});

type Box = { y0: number; y1: number; x0: number; x1: number };
const boxOf = (r: Rect): Box => ({ x0: r.x, x1: r.x + r.width, y0: r.y, y1: r.y + r.height });
const overlap = (a: Box, b: Box) => a.x0 < b.x1 - EPS && b.x0 < a.x1 - EPS && a.y0 < b.y1 - EPS && b.y0 < a.y1 - EPS;
const inSafe = (b: Box) => b.x0 >= TITLE_SAFE.x - EPS && b.x1 <= 0.95 + EPS && b.y0 >= TITLE_SAFE.y - EPS && b.y1 <= 0.95 + EPS;

describe('properties over every combination', () => {
  const layouts: LayoutCode[] = ['CLASSIC', 'COVER', 'SPLIT', 'CINEMA', 'SIDEBYSIDE', 'PIP'];
  const flags = [true, false];
  for (const layout of layouts)
    for (const count of [1, 3, 4])
      for (const ticker of flags)
        for (const lowerThird of flags)
          for (const chat of flags)
            for (const shiftVideosUp of flags) {
              const name = `${layout} ${count} · ticker ${ticker} · lower third ${lowerThird} · chat ${chat} · shift ${shiftVideosUp}`;
              it(name, () => {
                const plan = planBottomBand({ ticker, lowerThird: lowerThird ? LT : null, chat: chat ? CHAT : null, shiftVideosUp });
                // The lower graphics (the lower third and chat as full title-safe-wide rows: a safe bound).
                const graphics: Box[] = [];
                if (plan.ticker) {
                  const t = boxOf(plan.ticker);
                  expect(t.y0).toBeGreaterThanOrEqual(TITLE_SAFE.y);
                  expect(t.y1).toBeLessThanOrEqual(0.95 + EPS); // its text inside title-safe; the band spans the width
                  graphics.push(t);
                }
                if (plan.lowerThirdBottom !== null) graphics.push({ x0: 0.05, x1: 0.95, y0: plan.lowerThirdBottom - LT, y1: plan.lowerThirdBottom });
                if (plan.chat) graphics.push({ x0: 0.05, x1: 0.95, y0: Math.max(plan.chat.ceiling, plan.chat.bottom - CHAT), y1: plan.chat.bottom });
                graphics.forEach((g, i) => {
                  if (g !== graphics[0] || !plan.ticker) expect(inSafe(g)).toBe(true);
                  graphics.slice(i + 1).forEach((h) => expect(overlap(g, h)).toBe(false));
                });
                const tiles = layoutRects(layout, count).filter((s) => !s.isHidden).map((s) => placeInArea(s.position, plan.producerArea));
                for (const tile of tiles) {
                  if (shiftVideosUp) for (const g of graphics) expect(overlap(boxOf(tile), g)).toBe(false); // no face covered
                  const tag = nametagArea(tile, plan.top);
                  if (!tag) continue;
                  expect(inSafe(boxOf(tag))).toBe(true);
                  for (const g of graphics) expect(overlap(boxOf(tag), g)).toBe(false);
                }
              });
            }
});

describe('tweenRect', () => {
  const from = { x: 0, y: 0, width: 1, height: 1 };
  const to = { x: 0.2, y: 0, width: 0.6, height: 0.6 };
  it.each([
    [0, from],
    [0.5, { x: 0.1, y: 0, width: 0.8, height: 0.8 }],
    [1, to],
  ])('at %s', (t, want) => expect(tweenRect(from, to, t)).toEqual(want));
  it('eases in and out: slow at both ends, half way at half time', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
  });
});
