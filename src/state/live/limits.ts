/** Limits of going live (issue 23): the server enforces them; the studio's forms say them first. */

export { DESTINATION_NAME_MAX, STREAM_KEY_MAX, SERVER_URL_MAX, DESTINATIONS_MAX, KEY_SHOWN_CHARS, FPS_ALARM_BELOW, SERVER_URL_FORBIDDEN, STREAM_KEY_FORBIDDEN } from '../../lib/liveLimits';
/** The schemes a destination's server URL may have. */
export const RTMP_SCHEMES = ['rtmp://', 'rtmps://'] as const;
/** While a recording is being written, the list is read again this often (ms). */
export const RECORDINGS_REFRESH_MS = 5000;
/** A downloaded file's object URL is kept this long after the click that saves it (ms). */
export const DOWNLOAD_URL_KEEP_MS = 60_000;
/** The public watch page reads the broadcast's state this often (ms). */
export const WATCH_POLL_MS = 3000;
/** After the player fails, it tries again this much later (ms). */
export const WATCH_RETRY_MS = 3000;
/**
 * Ours (issue 32: glass to attendee ≤ 5 s): the watch page plays this many seconds behind the newest
 * segment listed. hls.js' default, three 2 s segments (6 s), put an attendee about 9 s behind the
 * studio; 2.5 s keeps a segment and a bit in hand against a late one, at about 4–5 s (benchmarks/
 * golive.mjs --attendee). Less would stall whenever a segment comes late.
 */
export const WATCH_LIVE_SYNC_S = 2.5;
/** Ours: drifted this far behind (a stall, a slow phone), the player jumps back to WATCH_LIVE_SYNC_S. */
export const WATCH_LIVE_MAX_LATENCY_S = 8;
/** Ours: a little behind, the player catches up by playing up to this much faster (unnoticeable in speech). */
export const WATCH_CATCH_UP_RATE = 1.1;
