/**
 * Chat overlay: constants, defaults and colour rules (§3 Template item type CHAT, §9 Canvas and layers).
 * Pure data, no pixi. Sizes are fractions of the frame HEIGHT (x positions fractions of the frame
 * width), so a scene renders the same at any output size. See GEOMETRY.md beside this file.
 */
import { DEFAULT_PRIMARY_COLOR, LOWER_THIRD_Z } from '../../model/constants';
import type { SceneChatOverlay } from '../../model/scene';
import { GRAPHICS_PLACES } from '../../model/frame';
import { readableOn } from '../shared/color';

export const CHAT_OVERLAY_WRAP_CHARS = 50; // §9 chat overlay text wraps every 50 characters
/**
 * Above the producers, under every §9 template (lower third 10000, ticker 10001, logo 10002): a lower
 * third or ticker put on air over a chat card stays readable. Not a SPEC value.
 */
export const CHAT_OVERLAY_Z = LOWER_THIRD_Z - 1;

// Card metrics, fractions of the frame height (px at 1080p in the comment). Design values, not SPEC.
export const CHAT_BODY_FONT = 0.034; // 37 px message text
export const CHAT_LINE_PITCH = 0.046; // 50 px per line (1.35 × the font)
export const CHAT_NAME_FONT = 0.027; // 29 px sender name
export const CHAT_HEADER_HEIGHT = 0.05; // 54 px header band in the primary colour
export const CHAT_PAD_X = 0.024; // 26 px
export const CHAT_PAD_Y = 0.016; // 17 px above and below the text block
export const CHAT_RADIUS = 0.012; // 13 px corner radius
export const CHAT_MIN_WIDTH = 0.3; // 324 px: a short message still makes a card, not a chip
/** Left edge and right limit of the card, fractions of the frame WIDTH (5 % title-safe margins). */
export const CHAT_LEFT = 0.05;
export const CHAT_RIGHT_LIMIT = GRAPHICS_PLACES['16:9'].chatRight;

export const CHAT_CARD_COLOR = '#161A24';
export const CHAT_CARD_ALPHA = 1; // opaque: a tile edge or busy video behind it never shows through the text
export const CHAT_BODY_COLOR = '#FFFFFF';
export const CHAT_DARK_TEXT = '#0B0D12';
export const CHAT_FONT_FAMILY = ['Inter Variable', 'Inter', 'system-ui', 'sans-serif'];
export const CHAT_BODY_WEIGHT = '500';
export const CHAT_NAME_WEIGHT = '700';
/** What the compositor preloads before its first frame (FontFaceSet.load shorthands). */
export const CHAT_FONTS = [`${CHAT_BODY_WEIGHT} 32px "Inter Variable"`, `${CHAT_NAME_WEIGHT} 32px "Inter Variable"`] as const;

export const CHAT_OVERLAY_DEFAULTS: Readonly<SceneChatOverlay> = {
  kind: 'chat',
  id: 'chat',
  name: '',
  text: '',
  primaryColor: DEFAULT_PRIMARY_COLOR, // §3 primaryColor default #0D62C5
};

/** A chat overlay with defaults for whatever `patch` leaves out. */
export function chatOverlay(patch: Partial<Omit<SceneChatOverlay, 'kind'>> = {}): SceneChatOverlay {
  return { ...CHAT_OVERLAY_DEFAULTS, ...patch };
}

export { luminance, safeColor } from '../shared/color';

/** The name colour on a header of `primary`: white, or near-black on a light brand colour. */
export function headerTextColor(primary: string): string {
  return readableOn(primary, CHAT_BODY_COLOR, CHAT_DARK_TEXT);
}
