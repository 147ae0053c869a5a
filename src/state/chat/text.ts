/**
 * §5 Chat inputs (public and host): text is filtered and cleaned, then truncated to 500 characters;
 * an appended emoji is cut to 500 too. Cleaning is the one shared text rule (src/lib/text); the cut
 * never splits an emoji or an accented letter in two.
 */
import { cleanText, fitGraphemes, limitDraft, textLength, type FitText, type TextRule } from '../../lib/text';
import { CHAT_MAX } from './limits';

/** Chat messages keep their line breaks (Shift+Enter). */
export const CHAT_TEXT_RULE: TextRule = { max: CHAT_MAX, multiline: true };

/** Length as the limit counts it: characters (code points), so an emoji like 😀 is one. */
export const chatLength = textLength;

/** The longest start of `text` of at most `max` characters that ends on a whole grapheme. */
export const fitChatText = (text: string, max = CHAT_MAX): string => fitGraphemes(text, max).text;

/** What is sent: cleaned, trimmed, cut to the limit. Empty means there is nothing to send. */
export const cleanChatText = (raw: string): string => cleanText(raw, CHAT_TEXT_RULE).text;

/**
 * Inserts an emoji at the caret (or the end) if it fits the limit; at the limit it does not and the
 * text stays as it was. Returns the new text and where the caret goes.
 */
export function insertEmoji(text: string, emoji: string, caret = text.length): { text: string; caret: number } {
  const at = Math.max(0, Math.min(caret, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const fits = chatLength(before) + chatLength(after) + chatLength(emoji) <= CHAT_MAX;
  const added = fits ? emoji : '';
  return { text: before + added + after, caret: at + added.length };
}

/** Appends an emoji at the end, cut to the limit (§5). */
export const appendEmoji = (text: string, emoji: string): string => fitChatText(fitChatText(text) + emoji);

/** Typing: the draft as typed while it fits, else cleaned and cut to the limit (`cut` says so). */
export const fitDraft = (raw: string): FitText => limitDraft(raw, CHAT_TEXT_RULE);
