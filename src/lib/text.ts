/**
 * The one text rule for user text (DESIGN conventions "User text"; RELIABILITY §2.1). What the user
 * typed is what is shown and sent, except: tags of real HTML elements (see htmlTags), control and
 * bidi embedding/override/isolate characters, lone surrogates (→ U+FFFD) and floods of combining
 * marks. No entity is decoded and nothing is parsed as HTML, so `&lt;b&gt;` and `Tom &amp; Jerry`
 * stay as typed and no payload ever reaches a document. Cleaning comes first, then the cut to the
 * field's limit, on whole graphemes, and the caller learns whether a cut happened so it can say so.
 */
import { stripTags } from './htmlTags';

export interface TextRule {
  /** Limit in characters (code points: an emoji like 😀 is one, as §5 chat counts them). */
  max: number;
  /** Keeps line breaks (chat, replies); single-line fields turn them into spaces. */
  multiline?: boolean;
}

export interface FitText {
  text: string;
  /** Something was cut to fit the limit: the field shows why. */
  cut: boolean;
}

/** Marks kept per base character: enough for Vietnamese, Hebrew points or a keycap emoji. */
export const MAX_MARKS_PER_CHARACTER = 3;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/gu;
// \p{Cc} is every C0/C1 control; U+202A–U+202E and U+2066–U+2069 are bidi embeddings, overrides, isolates.
const CONTROL_OR_BIDI = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const CONTROL_OR_BIDI_BUT_NEWLINE = /(?!\n)[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
// Joiners count with the marks: a ZWJ between them would otherwise restart the run.
const MARK_FLOOD = new RegExp(`([\\p{M}\\u200D]{${MAX_MARKS_PER_CHARACTER}})[\\p{M}\\u200D]+`, 'gu');
/** Whitespace, default-ignorable characters (zero-width space/joiners, BOM, fillers) and the blank braille cell. */
const INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Length as limits count it: code points, so an emoji like 😀 is one (a 👩‍💻 sequence is three). */
export const textLength = (text: string): number => text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);

/** Text with nothing visible in it counts as empty. */
export const isBlankText = (text: string): boolean => INVISIBLE.test(text);

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * The longest start of `text` of at most `max` characters that ends on a whole grapheme: a ZWJ
 * emoji like 👩‍💻, a flag or an accented letter is kept whole or left out. Only a single grapheme
 * longer than the whole limit (hundreds of emoji chained by ZWJ) is cut inside, so that a non-empty
 * text never fits to nothing.
 */
export function fitGraphemes(text: string, max: number): FitText {
  if (textLength(text) <= max) return { text, cut: false };
  let out = '';
  if (segmenter) {
    let length = 0;
    for (const { segment } of segmenter.segment(text)) {
      const size = textLength(segment);
      if (length + size > max) break;
      out += segment;
      length += size;
    }
  }
  if (out === '') out = Array.from(text).slice(0, Math.max(0, max)).join('');
  return { text: out, cut: true };
}

function cleanCharacters(raw: string, multiline: boolean, unfinished: 'keep' | 'defuse'): string {
  const wellFormed = raw.replace(LONE_SURROGATE, '\uFFFD');
  const lines = wellFormed.replace(LINE_BREAK, multiline ? '\n' : ' ').replaceAll('\t', ' ');
  const plain = lines.replace(multiline ? CONTROL_OR_BIDI_BUT_NEWLINE : CONTROL_OR_BIDI, '');
  // Marks last: removing a tag can join two runs of marks.
  return stripTags(plain, unfinished).replace(MARK_FLOOD, '$1');
}

/** What is saved or sent: cleaned, trimmed, cut to the limit; '' when nothing visible is left. */
export function cleanText(raw: string, rule: TextRule): FitText {
  const clean = cleanCharacters(raw, rule.multiline ?? false, 'defuse').trim();
  if (isBlankText(clean)) return { text: '', cut: false };
  const fit = fitGraphemes(clean, rule.max);
  return fit.cut ? { text: fit.text.trimEnd(), cut: true } : fit;
}

/**
 * What a field keeps while the user types or pastes: the text as typed while it fits the limit
 * (markup is dropped when sent, so nothing vanishes under the caret); past the limit, the cleaned
 * text, cut to the limit if it still does not fit, with `cut` so the field says why. The field
 * never holds more than the limit, and a cut never empties it.
 */
export function limitDraft(raw: string, rule: TextRule): FitText {
  if (textLength(raw) <= rule.max) return { text: raw, cut: false };
  return fitGraphemes(cleanCharacters(raw, rule.multiline ?? false, 'keep'), rule.max);
}
