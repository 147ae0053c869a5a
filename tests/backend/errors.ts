/** §8 error bodies: `{ type, code, message }` with a 4xx/5xx status (CONTRACT.md "Errors"). */

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'API_BACKEND_ERROR',
};

export interface ErrorBody {
  type: string;
  code: string;
  message: string;
}

export const errorBody = (status: number, message: string): ErrorBody => ({ type: 'unknown', code: CODES[status] ?? (status >= 500 ? 'API_BACKEND_ERROR' : 'BAD_REQUEST'), message });

/** Thrown by a handler; the server's error handler answers it as the §8 body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
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
