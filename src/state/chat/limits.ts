/** Chat limits and timings (SPEC §4, §5, §9), one name per rule. */

/** §9 Text limits / §5: chat text is truncated to 500 characters (an appended emoji too). */
export const CHAT_MAX = 500;
/** Ours: the composer's character counter appears from this length on (80 % of the limit). */
export const CHAT_COUNTER_FROM = 400;
/** §9: a deleted chat message is kept 1900–2000 ms (§4: flagged, then removed after about 2 s). */
export const DELETED_MESSAGE_KEEP_MS = 2000;
/** §5 / §9: search is debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The rate-limit countdown (§8: 'Chat will resume in {n}s ...') counts whole seconds. */
export const RATE_LIMIT_TICK_MS = 1000;
/**
 * Ours: messages kept per chat kind. A long event's public chat can pass this; the oldest are
 * dropped so memory stays flat (the scrollback call can bring them back).
 */
export const CHAT_HISTORY_MAX = 10_000;

/** §3 tag values the studio sets (incoming messages may carry others). */
export const CHAT_TAGS = {
  public: 'public',
  private: 'private',
  backstage: 'backstage',
  moderator: 'moderator',
  /** §6: a moderator's reply to a private message. */
  moderatorReply: 'moderator_reply',
} as const;
