/** SPEC §9 limits and timings used by the app shell and its stores. One name per rule. */

// §9 Timings
export const SPLASH_MS = 2000;
export const DEMO_SWITCH_DELAY_MS = 100;
export const SPEAKER_TEST_MS = 4000;
export const VOLUME_SAMPLE_MS = 333;
export const RESIZE_DEBOUNCE_MS = 20;
export const INFO_MESSAGE_HIDE_MS = 5000;
export const TOOLTIP_DELAY = { open: 500, close: 200 } as const;
export const TOOLTIP_DELAY_SLOW = { open: 800, close: 100 } as const;
export const TOOLTIP_MAX_WIDTH_PX = 270;
/** §2 / §9 tour: a coachmark sits 20 px from its target and never less than 10 px from the window's left (and other) edges. */
export const COACHMARK_OFFSET_PX = 20;
export const COACHMARK_MIN_LEFT_PX = 10;
/** The studio's top toolbar (theme.css --toolbar-height): coachmarks stay below it, clear of GO LIVE. */
export const TOP_TOOLBAR_HEIGHT_PX = 56;
export const BANNER_MS = 10_000;

// §2 Studio screen geometry
export const PANE_MIN_TOP_PX = 300;
export const PANE_MIN_LOWER_PX = 210;
export const PANE_DEFAULT_TOP_PX = 420;
export const PANE_DEFAULT_LOWER_PX = 180;
/**
 * §2's default sizes (420 and 180) read as the split's default proportion: the stage takes 70 % of
 * the left area's height at any window size, the lower pane the rest, each never below its minimum
 * (300 / 210 px). Fixed pixels left a 1600 × 900 window with a 318 px high preview.
 */
export const PANE_DEFAULT_TOP_PERCENT = (100 * PANE_DEFAULT_TOP_PX) / (PANE_DEFAULT_TOP_PX + PANE_DEFAULT_LOWER_PX);
export const SIDE_NAV_WIDTH_PX = 70;
/** Left area is full width minus this when a tool panel is open (nav 70 + panel 460). */
export const SIDE_NAV_AND_PANEL_WIDTH_PX = 530;

// §9 UI: mic level meter
export const MIC_METER_TILES_STUDIO = 10;
export const MIC_METER_TILES_HAIRCHECK = 4;
/** Level scale 0..10: green up to 8, orange above 8, red beyond 9. */
export const MIC_LEVEL_MAX = 10;
export const MIC_LEVEL_ORANGE_ABOVE = 8;
export const MIC_LEVEL_RED_ABOVE = 9;

// §9 Runtime configuration
export const TRIAL_DAYS = 14;

/**
 * The SPEC moves on from the device check once a camera, a microphone and a speaker exist. We give
 * the moderator this long to look at the preview (with a visible countdown they can stop) first.
 */
export const HAIRCHECK_AUTO_PROCEED_MS = 8000;

// §9 channel save
export const CHANNEL_SAVE_DEBOUNCE_MS = 500;

// §9 guards (§5: toggles inside the guard are ignored)
export const ON_AIR_GUARD_MS = 800;
export const MENU_GUARD_MS = 500;
export const MUTE_GUARD_MS = 400;
export const SAVED_HINT_MS = 2000;
/** §9 demo: the default background is number 4 and is selected on first load. */
export const DEFAULT_BACKGROUND_NUMBER = 4;
export const COPY_CONFIRMATION_MS = 3000;

// §9 settings toggles debounce (echo cancellation 400 ms)
export const SETTINGS_TOGGLE_DEBOUNCE_MS = 200;
export const ECHO_SETTING_DEBOUNCE_MS = 400;
/** §9 camera blur is applied at twice the range, plus 20 with a virtual background. */
export const BLUR_RANGE_FACTOR = 2;
export const VIRTUAL_BACKGROUND_EXTRA_BLUR = 20;
/** §9 blur / virtual background changes are queued with a 500 ms debounce. */
export const BLUR_DEBOUNCE_MS = 500;
export const CAMERA_BLUR_RANGE_MAX = 10;

/** How often relative times ('2 min ago') refresh (ours). */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

// §9 Text limits (characters as the shared text rule counts them: code points, an emoji is one)
/** §5 / §9: lower third primary and secondary text, at most 120 characters each. */
export const LOWER_THIRD_TEXT_MAX = 120;
/** §5 / §9: ticker text, at most 500 characters. */
export const TICKER_TEXT_MAX = 500;
/** Ours (SPEC gives none): a participant's name, long enough for any real name, short enough for a card. */
export const NAME_MAX = 60;
/** Ours: an attendee's e-mail (issue 32), long enough for any real address (RFC 5321 allows 254). */
export const EMAIL_MAX = 254;
/**
 * Ours (SPEC gives none: §9's 150 is a poll's question): an attendee's Q&A question (issue 32) is at
 * most 500 characters, like a chat message (§9 chat 500) and a moderator's reply (QNA_REPLY_MAX).
 */
export const AUDIENCE_QUESTION_MAX = 500;

// Screen-reader announcements (issue 11; ours, SPEC gives none)
/** Incoming chat is announced at most once per this interval; what arrives meanwhile is summed up. */
export const CHAT_ANNOUNCE_INTERVAL_MS = 5000;
/** An announced chat message is cut to this many characters (the chat list has the whole text). */
export const ANNOUNCED_CHAT_TEXT_MAX = 120;

// §2 / §9 Graphics panel
/** §9 assets shown before 'Show More' (images, videos, backgrounds, logos). */
export const ASSETS_BEFORE_SHOW_MORE = 6;
/** §2 / §9 up to four logos on stage, one per corner. */
export const MAX_LOGOS_ON_STAGE = 4;
/** §4 a deleted logo is unselected first, then removed after this long. */
export const LOGO_DELETE_DELAY_MS = 100;
/** §3 / §9 up to 28 user colours, kept in local storage. */
export const MAX_USER_COLORS = 28;
/** §9 14 preset swatches, the first #0D62C5 (the default primary colour). */
export const PRESET_SWATCHES = [
  '#0D62C5', '#0B3D91', '#1E88E5', '#00897B', '#2E7D32', '#7CB342', '#F9A825',
  '#EF6C00', '#D84315', '#C62828', '#AD1457', '#6A1B9A', '#37474F', '#212121',
] as const;
/** §4 brand colour typed as text: validated at most every 800 ms while typing, otherwise 2 s after the last key. */
export const COLOR_VALIDATE_INTERVAL_MS = 800;
export const COLOR_VALIDATE_IDLE_MS = 2000;

// §9 Upload limits. "MB" is read as 1024 × 1024 bytes (a mebibyte), as file pickers and most
// upload services count it; a limit is inclusive (a file of exactly 20MB is accepted).
export const BYTES_PER_MB = 1024 * 1024;
/** §9: foreground images and background images, 20MB. */
export const IMAGE_UPLOAD_MAX_BYTES = 20 * BYTES_PER_MB;
/** §9: background videos, 3MB. */
export const BACKGROUND_VIDEO_UPLOAD_MAX_BYTES = 3 * BYTES_PER_MB;
/** §9: foreground videos, 300MB. */
export const FOREGROUND_VIDEO_UPLOAD_MAX_BYTES = 300 * BYTES_PER_MB;
/** §9: logos, 1MB. */
export const LOGO_UPLOAD_MAX_BYTES = 1 * BYTES_PER_MB;

// §4 / §9 Shared video player
/** §4 / §9: a video that ends with loop on sends PAUSED, then PLAYING at 0 this long after. */
export const LOOP_RESTART_MS = 100;
/** §9: the player's seek bar follows playback at this interval. */
export const SEEK_BAR_PROGRESS_MS = 190;
/** §9: default player volume. */
export const DEFAULT_PLAYER_VOLUME = 0.8;
/** Ours: how many videos' "hold the last frame" choices are remembered (the oldest are forgotten first). */
export const VIDEO_END_HOLD_MAX = 200;
/** §4 Screen share conflict: after CONTINUE, a failed start of our own video is retried once after 1 s. */
export const SHARE_RETRY_MS = 1000;

// §7 / §9 Backend mode
/** §9 Paging: the upcoming events are fetched 20 at a time. */
export const EVENTS_PAGE_SIZE = 20;
/** §9 Paging: the attendee roster page size (pageSize=99). */
export const ROSTER_PAGE_SIZE = 99;
/** §9 Runtime configuration: a seek position is counted in frames of the playout (30 fps). */
export const PLAYOUT_FRAME_RATE = 30;
/** §4 Asset upload: video assets in PROCESSING are re-polled every 5 s. */
export const PROCESSING_POLL_MS = 5000;
/** §4 Moderator initialisation: waiting for the event instance repeats every 2 s. */
export const INSTANCE_WAIT_POLL_MS = 2000;
/** §9 Socket: reconnect from 2 s up to 30 s, 10 retries, ping every 5 s. */
export const SOCKET_MIN_RECONNECT_MS = 2000;
export const SOCKET_MAX_RECONNECT_MS = 30_000;
export const SOCKET_MAX_RETRIES = 10;
export const SOCKET_PING_MS = 5000;
/** A socket counts as up (its retry count starts over) after this long open; short, so a run of drops never exhausts the 10 retries. */
export const SOCKET_MIN_UPTIME_MS = 1000;
/** How fast the reconnect delay grows from 2 s towards 30 s. */
export const SOCKET_RECONNECT_GROWTH = 1.5;
/** Failed channel saves are retried from 1 s, doubling, up to 30 s. */
export const SAVE_RETRY_MIN_MS = 1000;
export const SAVE_RETRY_MAX_MS = 30_000;

// Issue 26: actions answer, guard cues, audio meters (ours; the SPEC gives none of these)
/** How long an action's answer ('Undid: put Alex Morgan on air') stays on screen. */
export const ACTION_TOAST_MS = 2500;
/** A slider's answer ('Blur strength: 7') waits until the hand has rested this long: the final value, said once. */
export const SLIDER_ANSWER_SETTLE_MS = 600;
/** How long a control caught by a §5 guard shows its 'Wait a moment…' cue. */
export const GUARD_CUE_MS = 1200;
/** An on-air person quieter than SILENCE_LEVEL for this long gets the silent sign on their card. */
export const SILENT_ON_AIR_MS = 10_000;
/** Below this level (0..10 scale) a person counts as silent. */
export const SILENCE_LEVEL = 1;
/** How often the silence signs are checked. */
export const SILENCE_CHECK_MS = 1000;
/** A meter's peak mark holds this long, then falls. */
export const PEAK_HOLD_MS = 1500;
/** After the hold, a peak mark falls this many levels per second. */
export const PEAK_FALL_PER_SEC = 8;
/** A meter's bar falls at most this many levels per second (it rises at once). */
export const METER_FALL_PER_SEC = 20;
