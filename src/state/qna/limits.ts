/** Q&A timings and text limits (SPEC §9), one name per rule. */
import type { TextRule } from '../../lib/text';

/** §9: an info message hides after 5 s; the publish/decline success masks (§4) are info messages. */
export { INFO_MESSAGE_HIDE_MS as QNA_MASK_HIDE_MS } from '../../lib/limits';

/** Ours (SPEC gives none): a reply to a question is at most 500 characters, like a chat message (§9 chat 500). */
export const QNA_REPLY_MAX = 500;
/** Ours (SPEC gives none): an announcement banner is at most 500 characters, like a chat message (§9 chat 500). */
export const ANNOUNCEMENT_MAX = 500;

/** The shared text rule for replies and announcements (multi-line text areas). */
export const QNA_REPLY_RULE: TextRule = { max: QNA_REPLY_MAX, multiline: true };
export const ANNOUNCEMENT_RULE: TextRule = { max: ANNOUNCEMENT_MAX, multiline: true };
