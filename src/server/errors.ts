/** §8 error bodies: `{ type, code, message }` with a 4xx/5xx status (CONTRACT.md "Errors"). */

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'API_BACKEND_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export interface ErrorBody {
  type: string;
  code: string;
  message: string;
}

/** The §8 body; `code` defaults to the status' code (a few answers name their own, e.g. INVITE_EXPIRED). */
export const errorBody = (status: number, message: string, code?: string): ErrorBody => ({ type: 'unknown', code: code ?? CODES[status] ?? (status >= 500 ? 'API_BACKEND_ERROR' : 'BAD_REQUEST'), message });

/** Thrown by a handler; the server's error handler answers it as the §8 body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The body's `code` when it is not the status' own. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Missing, unknown or expired token') => new HttpError(401, message);
export const forbidden = (message = 'You are not a moderator of this event') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** §8 Unknown channel id (typo kept). */
export const CHANNEL_NOT_FOUND = 'This chanelID doesnt exist !';

/** CONTRACT.md "Going live": the watch page's HLS after END STREAM (recordings stay the moderators'). */
export const BROADCAST_ENDED = () => new HttpError(410, 'This broadcast has ended: its live stream is no longer served', {}, 'BROADCAST_ENDED');

/** CONTRACT.md "Meeting": the answers with codes of their own. */
export const INVITE_UNKNOWN = () => new HttpError(404, 'This invite link is not valid. Ask the host for a new one.', {}, 'INVITE_UNKNOWN');
export const INVITE_EXPIRED = () => new HttpError(410, 'This invite link has expired. Ask the host for a new one.', {}, 'INVITE_EXPIRED');
export const GUEST_REMOVED = () => new HttpError(403, 'You were removed from this event by the host.', {}, 'GUEST_REMOVED');
/** An attendee a moderator removed: that browser and e-mail are refused for the event (issue 32). */
export const ATTENDEE_REMOVED = () => new HttpError(403, 'You were removed from this event by a moderator.', {}, 'ATTENDEE_REMOVED');
export const NO_INSTANCE = () => new HttpError(409, 'The event has not started yet (it has no instance)', {}, 'NO_INSTANCE');
export const MEETING_UNAVAILABLE = () => new HttpError(503, 'The meeting is not available on this server (Janus is not running)', {}, 'MEETING_UNAVAILABLE');
