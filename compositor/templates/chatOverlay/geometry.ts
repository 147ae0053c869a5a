/**
 * Chat overlay geometry, pure (no pixi): text normalisation and the 50-character wrap (§9), the §9
 * stack slots, and the card layout in frame pixels given the measured text widths. See GEOMETRY.md.
 */
import { FRAME_SIZES, GRAPHICS_PLACES, LANDSCAPE, shapeOfSize, sizeUnit, type FrameShape } from '../../model/frame';
import { CHAT_OVERLAY_START_Y, CHAT_OVERLAY_STEP } from '../../model/constants';
import {
  CHAT_BODY_FONT,
  CHAT_HEADER_HEIGHT,
  CHAT_LEFT,
  CHAT_LINE_PITCH,
  CHAT_MIN_WIDTH,
  CHAT_NAME_FONT,
  CHAT_OVERLAY_WRAP_CHARS,
  CHAT_PAD_X,
  CHAT_PAD_Y,
  CHAT_RADIUS,
} from './schema';

import { graphemes, normalizeText as normalizeChatText } from '../shared/text';

// ---- text ---------------------------------------------------------------------------------------

const ELLIPSIS = '…';

export { graphemes, normalizeText as normalizeChatText } from '../shared/text';

/**
 * §9 "chat overlay text wraps every 50 characters": lines of at most `limit` characters, broken at
 * spaces; a word longer than `limit` starts a new line and is cut into `limit`-sized pieces (its last
 * piece may take the following words). Empty or blank text has no lines.
 */
export function wrapChatText(text: string, limit: number = CHAT_OVERLAY_WRAP_CHARS): string[] {
  const max = Math.max(1, Math.floor(limit));
  const lines: string[] = [];
  let line: string[] = [];
  const flush = (): void => {
    if (line.length > 0) lines.push(line.join(''));
    line = [];
  };
  const normalized = normalizeChatText(text);
  if (!normalized) return lines;
  for (const word of normalized.split(' ')) {
    let chars = graphemes(word);
    if (chars.length > max) {
      flush();
      while (chars.length > max) {
        lines.push(chars.slice(0, max).join(''));
        chars = chars.slice(max);
      }
      line = chars;
    } else if (line.length === 0) line = chars;
    else if (line.length + 1 + chars.length <= max) line = [...line, ' ', ...chars];
    else {
      flush();
      line = chars;
    }
  }
  flush();
  return lines;
}

/** At most `maxLines` lines; when some are cut, the last kept one ends in '…' (still ≤ `limit`). */
export function fitLines(lines: readonly string[], maxLines: number, limit: number = CHAT_OVERLAY_WRAP_CHARS): string[] {
  const keep = Math.max(0, Math.floor(maxLines));
  if (lines.length <= keep) return [...lines];
  if (keep === 0) return [];
  const kept = lines.slice(0, keep);
  const last = graphemes(kept[keep - 1] ?? '');
  const room = Math.max(0, Math.floor(limit) - 1);
  kept[keep - 1] = last.slice(0, room).join('').trimEnd() + ELLIPSIS;
  return kept;
}

// ---- the §9 stack -------------------------------------------------------------------------------

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/**
 * §9 "chat overlay stacks up from y 0.8 down in steps of 1/8 while positive": 0.8, 0.675, 0.55,
 * 0.425, 0.3, 0.175, 0.05 (fractions of the frame height). The card stands on the first slot and may
 * grow up to the last one (GEOMETRY.md).
 */
export function chatOverlaySlots(): number[] {
  const slots: number[] = [];
  for (let y = round4(CHAT_OVERLAY_START_Y); y > 0; y = round4(y - CHAT_OVERLAY_STEP)) slots.push(y);
  return slots;
}

/** Bottom edge of the card: the first slot (y 0.8). */
export const CHAT_OVERLAY_BASE_Y = round4(CHAT_OVERLAY_START_Y);
/** Highest the card's top may reach: the last positive slot (y 0.05). */
export const CHAT_OVERLAY_CEILING_Y = chatOverlaySlots().at(-1) ?? 0;
/** Lines that fit between the base and the ceiling under a name header: 14. */
export const CHAT_OVERLAY_MAX_LINES = Math.floor(
  (CHAT_OVERLAY_BASE_Y - CHAT_OVERLAY_CEILING_Y - 2 * CHAT_PAD_Y - CHAT_HEADER_HEIGHT) / CHAT_LINE_PITCH,
);

// ---- card layout in pixels ----------------------------------------------------------------------

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixel sizes at a frame height (whole pixels: text rasterised at an integer size stays crisp). */
export interface ChatOverlaySizes {
  fontPx: number;
  pitchPx: number;
  namePx: number;
  headerPx: number;
  padX: number;
  padY: number;
  radius: number;
}

/** Sizes are shares of the frame's short side (its height in 16:9). */
export function chatOverlaySizes(unit: number): ChatOverlaySizes {
  const px = (share: number): number => Math.max(1, Math.round(share * unit));
  return {
    fontPx: px(CHAT_BODY_FONT),
    pitchPx: px(CHAT_LINE_PITCH),
    namePx: px(CHAT_NAME_FONT),
    headerPx: px(CHAT_HEADER_HEIGHT),
    padX: px(CHAT_PAD_X),
    padY: px(CHAT_PAD_Y),
    radius: px(CHAT_RADIUS),
  };
}

/** CHAT_OVERLAY_MAX_LINES, fewer only on frames so small that whole-pixel rounding would push the card past the ceiling. */
export function chatOverlayMaxLines(frameWidth: number, frameHeight: number, bottom: number = CHAT_OVERLAY_BASE_Y, ceiling: number = CHAT_OVERLAY_CEILING_Y): number {
  const s = chatOverlaySizes(sizeUnit(frameWidth, frameHeight));
  const room = Math.round(bottom * frameHeight) - Math.round(ceiling * frameHeight);
  const fit = Math.floor((room - 2 * s.padY - s.headerPx) / s.pitchPx);
  return Math.max(0, Math.min(CHAT_OVERLAY_MAX_LINES, fit));
}

/**
 * The card's height (fraction of the frame height) for a message, before the bottom band limits it:
 * the name header, the padding and one pitch per line of the §9 wrap (at most CHAT_OVERLAY_MAX_LINES).
 */
export function chatOverlayHeight(text: string, name: string, shape: FrameShape = LANDSCAPE): number {
  const lines = Math.min(CHAT_OVERLAY_MAX_LINES, wrapChatText(text).length);
  if (lines === 0) return 0;
  const { width, height } = FRAME_SIZES[shape];
  // Sizes are shares of the short side: as a share of this shape's height.
  return ((name.trim() ? CHAT_HEADER_HEIGHT : 0) + 2 * CHAT_PAD_Y + lines * CHAT_LINE_PITCH) * (sizeUnit(width, height) / height);
}

/** What the view measured, in pixels at the sizes of chatOverlaySizes(frameHeight). */
export interface ChatOverlayMeasure {
  lineCount: number;
  /** Widest line of the message. */
  bodyWidth: number;
  /** Width of the sender name; null when there is no header. */
  nameWidth: number | null;
}

export interface ChatOverlayLayout {
  card: Box;
  /** The primary-colour band at the top of the card (null without a name). */
  header: Box | null;
  /** Name text: left edge, vertical centre, horizontal squeeze (1 unless the name is too wide). */
  name: { x: number; centerY: number; scaleX: number } | null;
  /** Message text: top-left of the first line, horizontal squeeze. */
  body: { x: number; y: number; scaleX: number };
  /** One box per line, top to bottom: the last line sits on the card's bottom padding. */
  lines: Box[];
  radius: number;
  sizes: ChatOverlaySizes;
}

/**
 * The card: left edge at 5 % of the width, bottom edge on slot 0 (y 0.8), lines stacked upward from
 * it at CHAT_LINE_PITCH, the name header above them. As wide as its longest text plus padding (at
 * least CHAT_MIN_WIDTH, at most the title-safe width); text wider than that is squeezed horizontally,
 * never cut or re-wrapped (the line breaks are §9's).
 */
export function layoutChatOverlay(m: ChatOverlayMeasure, frameWidth: number, frameHeight: number, bottomAt: number = CHAT_OVERLAY_BASE_Y): ChatOverlayLayout {
  const unit = sizeUnit(frameWidth, frameHeight);
  const s = chatOverlaySizes(unit);
  const n = Math.max(0, Math.floor(m.lineCount));
  const left = Math.round(CHAT_LEFT * frameWidth);
  const right = GRAPHICS_PLACES[shapeOfSize(frameWidth, frameHeight)].chatRight; // CHAT_RIGHT_LIMIT in 16:9
  const maxWidth = Math.max(1, Math.round(right * frameWidth) - left);
  const maxInner = Math.max(1, maxWidth - 2 * s.padX);
  const squeeze = (w: number): number => (w > maxInner ? maxInner / w : 1);
  const bodyScale = squeeze(m.bodyWidth);
  const nameScale = m.nameWidth === null ? 1 : squeeze(m.nameWidth);
  const inner = Math.max(m.bodyWidth * bodyScale, m.nameWidth === null ? 0 : m.nameWidth * nameScale);
  const minWidth = Math.min(maxWidth, Math.round(CHAT_MIN_WIDTH * unit));
  const width = Math.min(maxWidth, Math.max(minWidth, Math.ceil(inner) + 2 * s.padX));

  const bottom = Math.round(bottomAt * frameHeight);
  const textBottom = bottom - s.padY;
  const lines: Box[] = Array.from({ length: n }, (_, i) => ({
    x: left + s.padX,
    y: textBottom - (n - i) * s.pitchPx,
    width: width - 2 * s.padX,
    height: s.pitchPx,
  }));
  const textTop = textBottom - n * s.pitchPx;
  const bodyTop = textTop - s.padY;
  const header = m.nameWidth === null ? null : { x: left, y: bodyTop - s.headerPx, width, height: s.headerPx };
  const top = header ? header.y : bodyTop;
  return {
    card: { x: left, y: top, width, height: bottom - top },
    header,
    name: header ? { x: left + s.padX, centerY: header.y + header.height / 2, scaleX: nameScale } : null,
    body: { x: left + s.padX, y: textTop, scaleX: bodyScale },
    lines,
    radius: s.radius,
    sizes: s,
  };
}
