/**
 * Ticker geometry, pure (no pixi): the band, the text size, the pieces the text is rasterised in,
 * and the seamless scroll (offset, period, how many copies cover the band). See GEOMETRY.md.
 */
import { GRAPHICS_PLACES, shapeOfSize, sizeUnit } from '../../model/frame';
import { graphemes, normalizeText } from '../shared/text';
import type { Box } from '../types';
import { TICKER_FONT, TICKER_GAP_PX, TICKER_PIECE_CHARS, TICKER_REFERENCE_WIDTH, TICKER_SPEED_PX_PER_S } from './schema';

/**
 * The band in frame pixels: full width, its bottom edge on y 0.95 (§9 "ticker at y 0.95") so its
 * text stays inside title-safe (the bottom band, layout/bottomBand.ts); in 9:16, on the bottom of
 * what phone apps leave clear (model/frame.ts GRAPHICS_PLACES).
 */
export function tickerBand(frameWidth: number, frameHeight: number): Box {
  const { tickerBottom, tickerHeight } = GRAPHICS_PLACES[shapeOfSize(frameWidth, frameHeight)];
  const y = Math.round((tickerBottom - tickerHeight) * frameHeight);
  return { x: 0, y, width: frameWidth, height: Math.max(0, Math.round(tickerBottom * frameHeight) - y) };
}

/** The text size: a share of the frame's short side (its height in 16:9). */
export const tickerFontPx = (frameWidth: number, frameHeight: number): number => Math.max(1, Math.round(TICKER_FONT * sizeUnit(frameWidth, frameHeight)));

/** Scroll speed in frame pixels per second: 60 at 1920 wide, scaled with the width. */
export const tickerSpeed = (frameWidth: number): number => (TICKER_SPEED_PX_PER_S * frameWidth) / TICKER_REFERENCE_WIDTH;

/** Gap between the copies (and before the text at the start), scaled like the speed. */
export const tickerGap = (frameWidth: number): number => Math.round((TICKER_GAP_PX * frameWidth) / TICKER_REFERENCE_WIDTH);

/** One loop: the text and the gap after it. */
export const tickerPeriod = (textWidth: number, frameWidth: number): number => textWidth + tickerGap(frameWidth);

/** How far the strip has scrolled after `elapsedMs`, wrapped into one period (seamless loop). */
export function tickerOffset(elapsedMs: number, textWidth: number, frameWidth: number): number {
  const period = tickerPeriod(textWidth, frameWidth);
  if (!(period > 0)) return 0;
  const travelled = (Math.max(0, elapsedMs) / 1000) * tickerSpeed(frameWidth);
  return travelled % period;
}

/**
 * Copies of the text laid end to end (one period apart) so the band is never empty while scrolling:
 * two for a text as wide as the frame, more for a short one.
 */
export function tickerCopies(textWidth: number, frameWidth: number): number {
  const period = tickerPeriod(textWidth, frameWidth);
  return period > 0 ? Math.max(2, Math.ceil(frameWidth / period) + 1) : 0;
}

/** Left edge of the first copy: the gap at the start, minus the scroll (whole pixels: crisp text). */
export const tickerStripX = (offset: number, frameWidth: number): number => Math.round(tickerGap(frameWidth) - offset);

/** The text on one line, cut into pieces of at most TICKER_PIECE_CHARS graphemes (one raster each). */
export function tickerPieces(text: string, size: number = TICKER_PIECE_CHARS): string[] {
  const chars = graphemes(normalizeText(text));
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}
