/** Q&A timings (SPEC §9), one name per rule. */

/** §9: an info message hides after 5 s; the publish/decline success masks (§4) are info messages. */
export { INFO_MESSAGE_HIDE_MS as QNA_MASK_HIDE_MS } from '../../lib/limits';
