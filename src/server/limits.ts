/**
 * The server's limits on what a request may carry and what it stores, one name per rule: SPEC §9
 * where it sets one (the studio's own constants, reused), ours where it does not (said so).
 * tests/server/limits.test.ts checks each at and past its edge.
 */
import { MAX_PRODUCER_CARDS } from '../../compositor/model/constants';
import { LOWER_THIRD_TEXT_MAX, MAX_LOGOS_ON_STAGE, NAME_MAX, TICKER_TEXT_MAX } from '../lib/limits';

const KB = 1024;

// Request bodies (413 past them, saying the limit)
/** Ours: any JSON call but the channel's (forms, chat, polls, …: a few KB each). */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * KB;
/** Ours: a channel PUT or POST (a channel at every limit below, its URLs at their longest, is about 190 KB; a real one a few KB). */
export const CHANNEL_BODY_LIMIT_BYTES = 256 * KB;

// A stored channel (compositor/sync's keyed map, and what is kept beside it)
/** Ours: the whole stored document as JSON text (its keyed map, sync record, name, template URL and reason); an update past it is refused (413) unless it makes the channel smaller. */
export const CHANNEL_STORED_MAX_BYTES = 256 * KB;
/**
 * Ours: origins (studio tabs) a channel's or a rundown's sync record remembers, the most recent ones:
 * a show's producers, tabs and reloads. An origin silent through this many others' updates is a tab
 * long closed; forgetting it keeps the record (and the document) from growing with every new origin.
 */
export const APPLIED_ORIGINS_MAX = 100;
/** §9 max 16 producer cards: at most this many producer layers on air… */
export const PRODUCER_LAYERS_MAX = MAX_PRODUCER_CARDS;
/** …plus the content share (§4: one at a time). */
export const CONTENT_SHARE_LAYERS_MAX = 1;
/** §9 "4 logos": on stage at once (one per corner); a fifth selected by a concurrent edit is stored unselected. */
export const LOGOS_ON_STAGE_MAX = MAX_LOGOS_ON_STAGE;
/** Ours: items per template kind in one channel (lower thirds, tickers and logos made or chosen). */
export const TEMPLATE_ITEMS_MAX = { LOWERTHIRD: 50, TICKER: 50, LOGO: 50 } as const;
/** Ours: graphics the vertical program leaves out (issue 34): at most every item and the chat message on stream. */
export const VERTICAL_HIDES_MAX = TEMPLATE_ITEMS_MAX.LOWERTHIRD + TEMPLATE_ITEMS_MAX.TICKER + TEMPLATE_ITEMS_MAX.LOGO + 1;
/** The card ids in the producer order: every card (§9 16) and the content share. */
export const PRODUCER_ORDER_MAX = MAX_PRODUCER_CARDS + 1;

// Text in a channel (characters counted as src/lib/text counts them: code points)
/** §9 chat 500: the public message on stream. */
export const CHAT_TEXT_MAX = 500;
/** Ours, as the studio's announcement form (ANNOUNCEMENT_MAX): a banner over the attendee page is a chat message's length. */
export const BANNER_MAX = CHAT_TEXT_MAX;
/** §9 per kind: [primaryText, secondaryText] (a logo's and a chat item's second line is a name). */
export const TEMPLATE_TEXT_MAX = {
  LOWERTHIRD: [LOWER_THIRD_TEXT_MAX, LOWER_THIRD_TEXT_MAX],
  TICKER: [TICKER_TEXT_MAX, TICKER_TEXT_MAX],
  LOGO: [NAME_MAX, NAME_MAX],
  CHAT: [CHAT_TEXT_MAX, NAME_MAX],
} as const;
/** Ours: a media, picture or page URL (sourceUrl, a logo's source, a media slot's url, templateUrl). */
export const URL_TEXT_MAX = 2048;
/** Ours: any other text of a channel (ids, names, colours, font names). */
export const SHORT_TEXT_MAX = 200;
/** Ours: a text in an update reason (it may quote the text that changed). */
export const REASON_TEXT_MAX = 1000;

// Other calls
/** Ours (§5 sets only the minimum of 2): options of one poll. */
export const POLL_OPTIONS_MAX = 10;
/** Ours: ids in one "seen" call (polls, questions). */
export const SEEN_IDS_MAX = 500;
