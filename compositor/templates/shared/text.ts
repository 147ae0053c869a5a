/**
 * Plain-text rules every template shares (pure, no pixi): one-line normalisation, graphemes, and
 * fitting a text into a box by wrapping, then shrinking, then squeezing, never overflowing.
 */

/** Line breaks, tabs and other C0/C1 controls (after whitespace collapsing only invisible ones remain). */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/gu; // eslint-disable-line no-control-regex

/** Whitespace runs (newlines included) become one space, control characters go, ends are trimmed. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/gu, ' ').replace(CONTROLS, '').trim();
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** User-perceived characters: an emoji with modifiers or a flag counts (and breaks) as one. */
export function graphemes(text: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(text), (s) => s.segment);
  return Array.from(text); // code points: never splits a surrogate pair
}

/** Width in pixels of `text` drawn at `fontPx` (the view measures with its font; tests pass a fake). */
export type Measure = (text: string, fontPx: number) => number;

/**
 * Lines of at most `width` pixels, broken at spaces; a word wider than that (a URL, text without
 * spaces such as Japanese) is broken between graphemes.
 */
export function wrapToWidth(text: string, measure: Measure, fontPx: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string): boolean => measure(s, fontPx) <= width;
  for (const word of normalizeText(text).split(' ')) {
    if (!word) continue;
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    if (fits(word)) {
      line = word;
      continue;
    }
    for (const g of graphemes(word)) {
      if (line && !fits(line + g)) {
        lines.push(line);
        line = '';
      }
      line += g;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  lines: string[];
  fontPx: number;
  /** Horizontal squeeze (1 = none): only when even the smallest font needs more lines than allowed. */
  scaleX: number;
}

/** Squeeze steps tried at the smallest font before giving up (the last one always fits the lines). */
const SQUEEZE_STEP = 0.05;
const MIN_SQUEEZE = 0.4;

/**
 * The largest font from `maxPx` down to `minPx` (whole pixels) at which `text` wraps into at most
 * `maxLines` lines of `width`; failing that, the smallest font squeezed horizontally until it does.
 * The result never overflows: every line × scaleX ≤ width.
 */
export function fitText(text: string, measure: Measure, width: number, maxLines: number, maxPx: number, minPx: number): FittedText {
  const top = Math.max(1, Math.round(maxPx));
  const bottom = Math.max(1, Math.min(top, Math.round(minPx)));
  for (let px = top; px >= bottom; px -= 1) {
    const lines = wrapToWidth(text, measure, px, width);
    if (lines.length <= maxLines) return { lines, fontPx: px, scaleX: 1 };
  }
  for (let scale = 1 - SQUEEZE_STEP; scale > MIN_SQUEEZE; scale -= SQUEEZE_STEP) {
    const lines = wrapToWidth(text, measure, bottom, width / scale);
    if (lines.length <= maxLines) return { lines, fontPx: bottom, scaleX: scale };
  }
  // Pathological text (e.g. thousands of characters): keep the first lines, squeezed to fit.
  const lines = wrapToWidth(text, measure, bottom, width / MIN_SQUEEZE).slice(0, Math.max(1, maxLines));
  return { lines, fontPx: bottom, scaleX: MIN_SQUEEZE };
}
