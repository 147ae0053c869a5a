/**
 * The program's shapes (issue 34): the §9 16:9 frame and a vertical 9:16 one for the phone platforms,
 * each in its design pixels (layouts and graphics are designed there and drawn as fractions, so the
 * same at any output size). One channel, one show: each shape draws it in its own frame.
 */
import { CHAT_OVERLAY_START_Y, LOGO_ANCHOR_FAR, LOGO_ANCHOR_NEAR, OUTPUT_HEIGHT_PX, OUTPUT_WIDTH_PX, TICKER_Y } from './constants';
import type { Rect } from './types';

export const FRAME_SHAPES = ['16:9', '9:16'] as const;
export type FrameShape = (typeof FRAME_SHAPES)[number];
export const LANDSCAPE: FrameShape = '16:9';
export const PORTRAIT: FrameShape = '9:16';

export interface FrameSize {
  width: number;
  height: number;
}

export const FRAME_SIZES: Readonly<Record<FrameShape, FrameSize>> = Object.freeze({
  '16:9': Object.freeze({ width: OUTPUT_WIDTH_PX, height: OUTPUT_HEIGHT_PX }), // §9 broadcast quality 1080p
  '9:16': Object.freeze({ width: OUTPUT_HEIGHT_PX, height: OUTPUT_WIDTH_PX }), // the same, upright
});

/** The shape a canvas of this size draws (taller than wide: the vertical one). */
export const shapeOfSize = (width: number, height: number): FrameShape => (height > width ? PORTRAIT : LANDSCAPE);
/** A shape as written in a link or a message: '9:16' is the vertical one, anything else (absent, unknown) 16:9. */
export const readShape = (v: unknown): FrameShape => (v === PORTRAIT ? PORTRAIT : LANDSCAPE);

/**
 * What graphics are sized by: the frame's short side (its height in 16:9, its width in 9:16), so a
 * lower third, a ticker's text or a logo is as large on a phone's 1080×1920 as on 1920×1080.
 */
export const sizeUnit = (width: number, height: number): number => Math.min(width, height);

/**
 * Where graphics go in each shape (fractions of that frame). 16:9 keeps its §9 places and the
 * preview's title-safe guide (5 % margins). 9:16 also keeps clear of what phone apps draw over a
 * vertical live video: their top bar (7 %), a column of buttons down the right (17 %) and a caption
 * band along the bottom (22 %); the preview's guide draws that area too.
 */
export interface GraphicsPlaces {
  /** Title-safe: graphics and name tags stay inside it. */
  safe: Rect;
  /** The ticker band's bottom edge, and its height (the band keeps its pixel height in both shapes). */
  tickerBottom: number;
  tickerHeight: number;
  /** The lower third's bottom edge with nothing under it. */
  lowerThirdBottom: number;
  /** The chat card's bottom edge with nothing under it (§9 "stacks up from y 0.8" in 16:9). */
  chatStartY: number;
  /** Logo anchors: near (top, left) and far (bottom, right) edges. */
  logoNear: { x: number; y: number };
  logoFar: { x: number; y: number };
  /** The widest a lower third may be (a share of the width from its left edge, 5 %), and the right edge a chat card may reach. */
  lowerThirdMaxWidth: number;
  chatRight: number;
  /**
   * With shiftVideosUp, the producers' area above the graphics: 16:9 scales the whole layout down
   * (centred, same aspect); 9:16 keeps the full width and lays the people out again in the shorter area.
   */
  shiftKeepsWidth: boolean;
  /** With shiftVideosUp, the least share of the height the producers keep (the chat card gives way first). */
  producerAreaMin: number;
}

const LANDSCAPE_TICKER_HEIGHT = 1 - TICKER_Y;
/** Title-safe in 16:9: the central 90 % of the frame, what the preview's guide draws. */
const TITLE_SAFE_MARGIN = 0.05;
export const GRAPHICS_PLACES: Readonly<Record<FrameShape, GraphicsPlaces>> = Object.freeze({
  '16:9': {
    safe: { x: TITLE_SAFE_MARGIN, y: TITLE_SAFE_MARGIN, width: 1 - 2 * TITLE_SAFE_MARGIN, height: 1 - 2 * TITLE_SAFE_MARGIN },
    tickerBottom: TICKER_Y,
    tickerHeight: LANDSCAPE_TICKER_HEIGHT,
    lowerThirdBottom: 0.92,
    chatStartY: CHAT_OVERLAY_START_Y,
    logoNear: { x: LOGO_ANCHOR_NEAR, y: LOGO_ANCHOR_NEAR },
    logoFar: { x: LOGO_ANCHOR_FAR, y: LOGO_ANCHOR_FAR },
    lowerThirdMaxWidth: 0.7,
    chatRight: 0.95,
    shiftKeepsWidth: false,
    producerAreaMin: 0.6,
  },
  '9:16': {
    safe: { x: 0.05, y: 0.07, width: 0.78, height: 0.71 },
    tickerBottom: 0.78,
    tickerHeight: (LANDSCAPE_TICKER_HEIGHT * OUTPUT_HEIGHT_PX) / OUTPUT_WIDTH_PX, // the same 54 px as 16:9's at 1080
    lowerThirdBottom: 0.76,
    chatStartY: 0.74,
    logoNear: { x: 0.08, y: 0.09 },
    logoFar: { x: 0.81, y: 0.76 },
    lowerThirdMaxWidth: 0.78, // to x 0.83, clear of the buttons' column
    chatRight: 0.83,
    shiftKeepsWidth: true,
    producerAreaMin: 0.45, // full width: 1080×864 at the least, more than 16:9's 0.6 gives
  },
});
