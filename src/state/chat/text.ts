/**
 * §5 Chat inputs (public and host): text is filtered and cleaned, then truncated to 500 characters;
 * an appended emoji is cut to 500 too. Cleaning is the one shared sanitizer (markup, control and
 * bidi characters removed); the cut never splits an emoji or an accented letter in two.
 */
import { sanitizeText } from '../../lib/text';
import { CHAT_MAX } from './limits';

/** Length as the limit counts it: characters (code points), so an emoji like 😀 is one. */
export const chatLength = (text: string): number => Array.from(text).length;

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * The longest start of `text` of at most `max` characters that ends on a whole grapheme (a ZWJ
 * emoji like 👩‍💻 or ❤️ is kept whole or left out, never cut to a fragment).
 */
export function fitChatText(text: string, max = CHAT_MAX): string {
  if (chatLength(text) <= max) return text;
  if (!segmenter) return Array.from(text).slice(0, max).join('');
  let out = '';
  let length = 0;
  for (const { segment } of segmenter.segment(text)) {
    const size = chatLength(segment);
    if (length + size > max) break;
    out += segment;
    length += size;
  }
  return out;
}

/** What is sent: sanitized, trimmed, cut to the limit. Empty means there is nothing to send. */
export function cleanChatText(raw: string): string {
  return fitChatText(sanitizeText(raw).trim());
}

/**
 * Inserts an emoji at the caret (or the end) and cuts the result to the limit: at the limit the
 * emoji does not fit and the text stays as it was. Returns the new text and where the caret goes.
 */
export function insertEmoji(text: string, emoji: string, caret = text.length): { text: string; caret: number } {
  const at = Math.max(0, Math.min(caret, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const room = CHAT_MAX - chatLength(before) - chatLength(after);
  const added = fitChatText(emoji, Math.max(0, room));
  return { text: before + added + after, caret: at + added.length };
}

/** Appends an emoji at the end, cut to the limit (§5). */
export const appendEmoji = (text: string, emoji: string): string => fitChatText(fitChatText(text) + emoji);

/** Typing: the draft is kept within the limit as it is typed or pasted. */
export const fitDraft = (text: string): string => fitChatText(text);
