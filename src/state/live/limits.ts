/** Limits of going live (issue 23): the server enforces them; the studio's forms say them first. */

/** A destination's name, in characters. */
export const DESTINATION_NAME_MAX = 100;
/** A stream key, in characters. */
export const STREAM_KEY_MAX = 500;
/** A server URL, in characters (the backend's URL limit). */
export const SERVER_URL_MAX = 2048;
/** Destinations per event. */
export const MAX_DESTINATIONS = 10;
/** The schemes a destination's server URL may have. */
export const RTMP_SCHEMES = ['rtmp://', 'rtmps://'] as const;
/** How many of a stream key's characters the server sends back. */
export const STREAM_KEY_SHOWN_CHARS = 4;
/** The frame rate under which the server raises the fps alarm (it says so in the alarm's text). */
export const PROGRAM_FPS_ALARM_BELOW = 20;
/** While a recording is being written, the list is read again this often (ms). */
export const RECORDINGS_REFRESH_MS = 5000;
/** A downloaded file's object URL is kept this long after the click that saves it (ms). */
export const DOWNLOAD_URL_KEEP_MS = 60_000;
/** The public watch page reads the broadcast's state this often (ms). */
export const WATCH_POLL_MS = 3000;
/** After the player fails, it tries again this much later (ms). */
export const WATCH_RETRY_MS = 3000;
