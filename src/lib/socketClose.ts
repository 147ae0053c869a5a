/**
 * Close codes of the studio's sockets (src/server/CONTRACT.md), shared by the server that closes and
 * the pages that read them.
 */

/** The registration's token is unknown, expired or signed out: retrying cannot help. */
export const CLOSE_UNAUTHORIZED = 4401;
/** The token is valid but not for this event, channel or room (or was revoked): retrying cannot help. */
export const CLOSE_FORBIDDEN = 4403;
/**
 * The socket did not register (or join its room) in time. Not a refusal: a page whose main thread was
 * busy past the deadline (a loaded machine entering the studio) connects again and registers.
 */
export const CLOSE_REGISTER_TIMEOUT = 4408;

/** The codes after which a page stops trying. */
export const REFUSAL_CODES: readonly number[] = [CLOSE_UNAUTHORIZED, CLOSE_FORBIDDEN];
