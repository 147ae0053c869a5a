/**
 * Limits of going live (issue 23) that the backend enforces and the studio's forms say first: one
 * source for both sides (src/server/live/rules.ts and src/state/live/limits.ts read them).
 */

/** A destination's name, in characters. */
export const DESTINATION_NAME_MAX = 100;
/** A stream key, in characters. */
export const STREAM_KEY_MAX = 500;
/** A destination's server URL, in characters. */
export const SERVER_URL_MAX = 1000;
/**
 * What a server URL may never hold: whitespace, control and format characters, anywhere. A URL
 * parser drops a tab or a leading control character where ffmpeg keeps it, so the text checked and
 * the text used would differ (`rt\tmp://…` read as a local file).
 */
export const SERVER_URL_FORBIDDEN = /[\s\p{Cc}\p{Cf}\p{Z}]/u;
/** The same for a stream key, and the characters that would end its path part (/ ? #). */
export const STREAM_KEY_FORBIDDEN = /[\s\p{Cc}\p{Cf}\p{Z}/?#]/u;
/** Destinations per event. */
export const DESTINATIONS_MAX = 10;
/** How many of a stream key's last characters a page ever sees. */
export const KEY_SHOWN_CHARS = 4;
/** A starved renderer: program video under this frame rate for FPS_ALARM_AFTER_MS raises the alarm. */
export const FPS_ALARM_BELOW = 20;
export const FPS_ALARM_AFTER_MS = 5000;
