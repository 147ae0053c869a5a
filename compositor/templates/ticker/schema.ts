/**
 * Ticker: constants (§4 Ticker, §9 Canvas and layers and Timings). Pure data, no pixi. Sizes are
 * fractions of the frame HEIGHT; speeds and gaps are pixels of a 1920-wide frame, scaled with the
 * frame width, so the preview and the output scroll alike. See GEOMETRY.md beside this file.
 */
import { OUTPUT_WIDTH_PX } from '../../model/constants';

/** Text size, a fraction of the frame height (32 px at 1080p). Design value, not SPEC. */
export const TICKER_FONT = 0.03;
/** Ours: the band rises in from the bottom edge and sinks back out. */
export const TICKER_IN_MS = 400;
export const TICKER_OUT_MS = 300;
export const TICKER_SPEED_PX_PER_S = 60; // §9 ticker scroll 60px per tick at 1 s interval (continuous here)
export const TICKER_GAP_PX = 60; // §9 ticker … padding 60 (between the copies, and before the text at start)
/** Frame width the two values above are given for (§9 1080p output). */
export const TICKER_REFERENCE_WIDTH = OUTPUT_WIDTH_PX;
/**
 * Characters per rasterised piece: a 500-character ticker (§9) is one strip of several Text rasters,
 * each well under any GPU's maximum texture width.
 */
export const TICKER_PIECE_CHARS = 64;

export const TICKER_FONT_FAMILY = ['Inter Variable', 'Inter', 'system-ui', 'sans-serif'];
export const TICKER_WEIGHT = '600';
export const TICKER_FONTS = [`${TICKER_WEIGHT} 32px "Inter Variable"`] as const;
