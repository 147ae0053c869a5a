/** Poll limits and timings (SPEC §5, §9), one name per rule. */
export { COPY_CONFIRMATION_MS } from '../../lib/limits';

/** §9 Text limits: poll question and option 150 characters. */
export const POLL_TEXT_MAX = 150;
/** §9 Text limits / §5: a poll has at least 2 options. */
export const POLL_MIN_OPTIONS = 2;
/** §2 Poll: the share link bubble shown while a poll is live is 370x120. */
export const SHARE_BUBBLE_SIZE = { width: 370, height: 120 } as const;
