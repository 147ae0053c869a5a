/** §4 Participant presence, §5 mute rule, §9 search and sort timings. */
export const ROSTER_ABSENCE_MS = 5000; // §9 roster absence
export const ROSTER_CLEANUP_MS = 5000; // §9 cleanup every 5000 ms
export const SEARCH_DEBOUNCE_MS = 500; // §9 search debounce
export const SORT_MENU_GUARD_MS = 500; // §4 sort menu opens only if more than 500 ms since last toggled
/** §5: mute of a participant is skipped if its id is missing or 6 characters or fewer. */
export const MIN_MUTABLE_ID_LENGTH = 7;
