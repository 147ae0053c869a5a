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
