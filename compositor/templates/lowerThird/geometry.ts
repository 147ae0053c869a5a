/**
 * Lower-third geometry, pure (no pixi): each text fitted (wrap to two lines, then a smaller font,
 * then a horizontal squeeze: 120 characters never leave the frame), and the theme's panels stacked
 * on the bottom edge (y 0.92) from the title-safe left edge. See GEOMETRY.md.
 */
import { fitText, graphemes, normalizeText, type Measure } from '../shared/text';
import type { Box } from '../types';
import { GRAPHICS_PLACES, LANDSCAPE, FRAME_SIZES, shapeOfSize, sizeUnit, type FrameShape } from '../../model/frame';
import { LOWER_THIRD_MAX_CHARS, LT_BOTTOM, LT_LEFT, LT_LINE_HEIGHT, LT_MAX_LINES, type PanelFill, type ThemeSpec } from './schema';

/** One text block, top-left placed, in frame pixels. */
export interface LowerThirdText {
  /** Lines as drawn (capitals for theme 3). */
  lines: string[];
  fontPx: number;
  lineHeightPx: number;
  /** Horizontal scale: the theme's condensing times any squeeze. */
  scaleX: number;
  x: number;
  y: number;
  /** Drawn size (widest line × scaleX, lines × pitch). */
  width: number;
  height: number;
}

export interface LowerThirdPanel {
  box: Box;
  fill: PanelFill;
  radius: number;
}

export interface LowerThirdLayout {
  /** Primary panel first (or the one card), then the secondary one. */
  panels: LowerThirdPanel[];
  /** Theme 2's primary-colour edge. */
  accent: Box | null;
  primary: LowerThirdText | null;
  secondary: LowerThirdText | null;
  /** Everything drawn. */
  bounds: Box;
}

/** What is drawn of a user text: one line of plain text, at most 120 characters, capitals if the theme says. */
export function lowerThirdText(text: string, caps: boolean): string {
  const clean = graphemes(normalizeText(text)).slice(0, LOWER_THIRD_MAX_CHARS).join('');
  return caps ? clean.toLocaleUpperCase() : clean;
}

export interface LowerThirdMeasure {
  primary: Measure;
  secondary: Measure;
}

/**
 * The widest the lower third may be, in pixels: LT_MAX_WIDTH of a 16:9 frame; in 9:16 up to the edge
 * of what phone apps leave clear (GRAPHICS_PLACES).
 */
export function lowerThirdMaxWidth(frameWidth: number, frameHeight: number): number {
  return Math.round(GRAPHICS_PLACES[shapeOfSize(frameWidth, frameHeight)].lowerThirdMaxWidth * frameWidth);
}

/** What a theme's indent is a share of: the frame's width in 16:9, a 16:9 width of its short side in 9:16. */
const indentBase = (frameWidth: number, frameHeight: number): number => (shapeOfSize(frameWidth, frameHeight) === LANDSCAPE ? frameWidth : (sizeUnit(frameWidth, frameHeight) * 16) / 9);

function fitBlock(text: string, measure: Measure, condense: number, width: number, font: readonly [number, number], unit: number): Omit<LowerThirdText, 'x' | 'y'> | null {
  if (!text) return null;
  const condensed: Measure = (s, px) => measure(s, px) * condense;
  const px = (share: number): number => Math.max(1, Math.round(share * unit));
  const fit = fitText(text, condensed, width, LT_MAX_LINES, px(font[0]), px(font[1]));
  const lineHeightPx = Math.round(fit.fontPx * LT_LINE_HEIGHT);
  const widest = Math.max(0, ...fit.lines.map((l) => condensed(l, fit.fontPx)));
  return {
    lines: fit.lines,
    fontPx: fit.fontPx,
    lineHeightPx,
    scaleX: condense * fit.scaleX,
    width: Math.ceil(widest * fit.scaleX),
    height: fit.lines.length * lineHeightPx,
  };
}

const union = (boxes: Box[]): Box => {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
};

/** The lower third in frame pixels; null when both texts are empty (nothing is drawn). */
export function layoutLowerThird(
  texts: { primary: string; secondary: string },
  spec: ThemeSpec,
  measure: LowerThirdMeasure,
  frameWidth: number,
  frameHeight: number,
  /** Bottom edge (fraction of the height): the bottom band's place for it, y 0.92 by default. */
  bottomAt: number = LT_BOTTOM,
): LowerThirdLayout | null {
  const unit = sizeUnit(frameWidth, frameHeight); // sizes: the short side (issue 34)
  const hpx = (share: number): number => Math.round(share * unit);
  const padX = hpx(spec.padX);
  const padY = hpx(spec.padY);
  const accentW = spec.accent > 0 ? Math.max(1, hpx(spec.accent)) : 0;
  const indent = Math.round(spec.indent * indentBase(frameWidth, frameHeight));
  const left = Math.round(LT_LEFT * frameWidth);
  const bottom = Math.round(bottomAt * frameHeight);
  const maxOuter = lowerThirdMaxWidth(frameWidth, frameHeight);
  const innerP = Math.max(1, maxOuter - accentW - 2 * padX);
  const innerS = Math.max(1, innerP - indent);

  const p = fitBlock(lowerThirdText(texts.primary, spec.caps), measure.primary, spec.condense, innerP, spec.primaryFont, unit);
  const s = fitBlock(lowerThirdText(texts.secondary, spec.caps), measure.secondary, spec.condense, innerS, spec.secondaryFont, unit);
  if (!p && !s) return null;
  const widest = Math.max(p?.width ?? 0, s?.width ?? 0);

  if (spec.card) {
    const gap = p && s ? hpx(spec.gap) : 0;
    const height = 2 * padY + (p?.height ?? 0) + gap + (s?.height ?? 0);
    const box = { x: left, y: bottom - height, width: accentW + 2 * padX + widest, height };
    const textX = left + accentW + padX;
    const primary = p ? { ...p, x: textX, y: box.y + padY } : null;
    const secondary = s ? { ...s, x: textX, y: box.y + padY + (p?.height ?? 0) + gap } : null;
    const radius = hpx(spec.radius);
    return {
      panels: [{ box, fill: spec.primaryFill, radius }],
      accent: accentW > 0 ? { x: left, y: box.y, width: accentW, height } : null,
      primary,
      secondary,
      bounds: box,
    };
  }

  const panels: LowerThirdPanel[] = [];
  let secondary: LowerThirdText | null = null;
  let top = bottom;
  let sBox: Box | null = null;
  if (s) {
    const height = s.height + 2 * padY;
    const x = left + indent;
    sBox = { x, y: bottom - height, width: (spec.sameWidth ? widest : s.width) + 2 * padX, height };
    secondary = { ...s, x: x + padX, y: sBox.y + padY };
    top = sBox.y;
  }
  let primary: LowerThirdText | null = null;
  if (p) {
    const height = p.height + 2 * padY;
    const pBox = { x: left, y: top - height, width: (spec.sameWidth ? widest : p.width) + 2 * padX, height };
    primary = { ...p, x: left + padX, y: pBox.y + padY };
    panels.push({ box: pBox, fill: spec.primaryFill, radius: hpx(spec.radius) });
  }
  if (sBox) panels.push({ box: sBox, fill: spec.secondaryFill, radius: hpx(spec.radius) });
  return { panels, accent: null, primary, secondary, bounds: union(panels.map((pl) => pl.box)) };
}

/** The height the lower third reserves in the bottom band is computed in its shape's design frame. */
/** No glyph of the lower-third fonts is wider than this many ems (wide capitals, CJK, emoji): a safe bound. */
const WIDEST_GLYPH_EM = 1.25;

/**
 * The height the lower third takes (fraction of the frame height), without measuring text: each text
 * counts one line when even its widest possible glyphs fit on one line at the largest font, otherwise
 * two (LT_MAX_LINES, the most it ever draws). Never less than what layoutLowerThird draws, so the
 * bottom band can stack the chat card above it without overlap. 0 when both texts are empty.
 */
export function lowerThirdHeight(texts: { primary: string; secondary: string }, spec: ThemeSpec, shape: FrameShape = LANDSCAPE): number {
  const { width: REF_W, height: REF_H } = FRAME_SIZES[shape];
  const hpx = (share: number): number => Math.round(share * sizeUnit(REF_W, REF_H));
  const padX = hpx(spec.padX);
  const padY = hpx(spec.padY);
  const accentW = spec.accent > 0 ? Math.max(1, hpx(spec.accent)) : 0;
  const innerP = lowerThirdMaxWidth(REF_W, REF_H) - accentW - 2 * padX;
  const innerS = innerP - Math.round(spec.indent * indentBase(REF_W, REF_H));
  const block = (text: string, font: readonly [number, number], inner: number): number => {
    const chars = graphemes(lowerThirdText(text, spec.caps)).length;
    if (chars === 0) return 0;
    const fontPx = Math.max(1, hpx(font[0]));
    const lines = chars * WIDEST_GLYPH_EM * fontPx * spec.condense <= inner ? 1 : LT_MAX_LINES;
    return lines * Math.round(fontPx * LT_LINE_HEIGHT);
  };
  const p = block(texts.primary, spec.primaryFont, innerP);
  const s = block(texts.secondary, spec.secondaryFont, innerS);
  if (p === 0 && s === 0) return 0;
  const px = spec.card ? 2 * padY + p + (p && s ? hpx(spec.gap) : 0) + s : (p ? p + 2 * padY : 0) + (s ? s + 2 * padY : 0);
  return Math.ceil(px + 1) / REF_H;
}
