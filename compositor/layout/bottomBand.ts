/**
 * The bottom band (issue 26): one pure kernel places the lower graphics (ticker, lower third, chat
 * message) and the name tags so that none covers another, all inside title-safe, and, with the
 * §3 setting `shiftVideosUp` on, shrinks the producers' area and moves it up above them so no face is
 * covered. With it off the graphics overlay the tiles as before. Fractions of the frame; heights are
 * what each graphic needs (its kind's geometry computes them), the kernel only stacks. See GEOMETRY.md.
 *
 * Stack, bottom up, left-aligned on the title-safe edge:
 *   ticker    its band's bottom edge on y 0.95 (§9 "ticker at y 0.95"), full width (its text scrolls in
 *             from the frame's edge), BAND_GAP above it;
 *   lower third  its bottom at y 0.92 as before, or BAND_GAP above the ticker;
 *   chat card    its bottom at y 0.8 (§9 "stacks up from y 0.8"), or BAND_GAP above whatever is lower;
 *                it may grow up to title-safe (shift off) or to the producers' minimum area (shift on).
 * Those are the 16:9 places; the 9:16 frame (issue 34) stacks the same way on its own places, higher and
 * clear of what phone apps draw (model/frame.ts GRAPHICS_PLACES).
 */
import { GRAPHICS_PLACES, type GraphicsPlaces } from '../model/frame';
import type { Rect } from '../model/types';

/** Title-safe: the central 90 % of the frame (5 % margins), what the preview's guide draws. */
export const TITLE_SAFE: Rect = GRAPHICS_PLACES['16:9'].safe;
/** Space between two stacked graphics, and between the graphics and the shifted tiles. */
export const BAND_GAP = 0.01;
/** The ticker band's height (the §9 band from y 0.95 to the edge was this tall). */
export const TICKER_HEIGHT = GRAPHICS_PLACES['16:9'].tickerHeight;
/** The lower third's bottom edge with no ticker under it. */
export const LOWER_THIRD_BOTTOM = GRAPHICS_PLACES['16:9'].lowerThirdBottom;
/** With shiftVideosUp the producers keep at least this share of the frame's size (the chat card gives way first). */
export const PRODUCER_AREA_MIN = GRAPHICS_PLACES['16:9'].producerAreaMin;

export interface BandInput {
  ticker: boolean;
  /** The lower third's height (fraction of the frame height), null when none is on stage. */
  lowerThird: number | null;
  /** The chat card's wanted height, null when no message is on stream. */
  chat: number | null;
  shiftVideosUp: boolean;
}

export interface BandPlan {
  ticker: Rect | null;
  /** Bottom edge of the lower third. */
  lowerThirdBottom: number | null;
  /** The chat card: its bottom edge and the highest its top may reach. */
  chat: { bottom: number; ceiling: number } | null;
  /** Top of the highest lower graphic (1 with none). */
  top: number;
  /** Where the producers' full-frame layout is drawn: the frame, or smaller and higher with shiftVideosUp. */
  producerArea: Rect;
}

export const FULL_FRAME: Rect = { x: 0, y: 0, width: 1, height: 1 };
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

export function planBottomBand(input: BandInput, places: GraphicsPlaces = GRAPHICS_PLACES['16:9']): BandPlan {
  const safe = places.safe;
  let floor = safe.y + safe.height; // 0.95 in 16:9: the lowest a graphic may reach
  let top = 1;
  let ticker: Rect | null = null;
  if (input.ticker) {
    ticker = { x: 0, y: round4(places.tickerBottom - places.tickerHeight), width: 1, height: round4(places.tickerHeight) };
    top = ticker.y;
    floor = round4(ticker.y - BAND_GAP);
  }
  let lowerThirdBottom: number | null = null;
  if (input.lowerThird !== null) {
    lowerThirdBottom = round4(Math.min(places.lowerThirdBottom, floor));
    top = round4(lowerThirdBottom - input.lowerThird);
    floor = round4(top - BAND_GAP);
  }
  const minAreaBottom = round4(places.producerAreaMin + BAND_GAP);
  let chat: BandPlan['chat'] = null;
  if (input.chat !== null) {
    const bottom = round4(Math.min(places.chatStartY, floor));
    const ceiling = input.shiftVideosUp ? Math.min(bottom, minAreaBottom) : safe.y;
    chat = { bottom, ceiling };
    top = round4(Math.max(ceiling, bottom - input.chat));
  }
  const shift = input.shiftVideosUp && top < 1;
  const size = shift ? round4(Math.max(places.producerAreaMin, top - BAND_GAP)) : 1;
  const producerArea = !shift ? FULL_FRAME : places.shiftKeepsWidth ? { x: 0, y: 0, width: 1, height: size } : { x: round4((1 - size) / 2), y: 0, width: size, height: size };
  return { ticker, lowerThirdBottom, chat, top, producerArea };
}

/** A full-frame layout rect drawn in `area` (the same aspect: tiles keep their crop). */
export function placeInArea(rect: Rect, area: Rect): Rect {
  if (area === FULL_FRAME || (area.x === 0 && area.y === 0 && area.width === 1 && area.height === 1)) return rect;
  if (rect.width === 0 || rect.height === 0) return rect; // a hidden slot stays where buildLayers put it
  return { x: round4(area.x + rect.x * area.width), y: round4(area.y + rect.y * area.height), width: round4(rect.width * area.width), height: round4(rect.height * area.height) };
}

/**
 * Where a tile's name tag may sit: the part of the tile inside title-safe and above the lower
 * graphics (a tag at the frame's edge, or under the ticker, is cut). Null when nothing is left.
 */
export function nametagArea(tile: Rect, bandTop: number, safe: Rect = TITLE_SAFE): Rect | null {
  const x0 = Math.max(tile.x, safe.x);
  const y0 = Math.max(tile.y, safe.y);
  const x1 = Math.min(tile.x + tile.width, safe.x + safe.width);
  const y1 = Math.min(tile.y + tile.height, safe.y + safe.height, bandTop < 1 ? bandTop - BAND_GAP : 1);
  if (x1 <= x0 || y1 <= y0) return null;
  return { x: round4(x0), y: round4(y0), width: round4(x1 - x0), height: round4(y1 - y0) };
}
