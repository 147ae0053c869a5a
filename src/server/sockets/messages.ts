/** Reading socket frames: JSON text only; anything else (and any text with a NUL, which no stored text may hold) is ignored. */
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { holdsNul } from '../requestSafety';

export function parseFrame(data: RawData): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !holdsNul(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export { CLOSE_FORBIDDEN, CLOSE_REGISTER_TIMEOUT, CLOSE_UNAUTHORIZED } from '../../lib/socketClose';
/** A socket that has not registered within this long is closed (CLOSE_REGISTER_TIMEOUT). */
export const REGISTER_TIMEOUT_MS = 10_000;

/**
 * Closes a socket whose registration is refused (4401/4403: the page stops trying) or came too late
 * (CLOSE_REGISTER_TIMEOUT: the page connects again), and logs it (the socket, code and reason, never the
 * token), so the operator can say why a page went offline.
 */
export const refuser =
  (log: FastifyBaseLogger, socket: WebSocket, kind: 'event' | 'studio' | 'audience') =>
  (code: number, reason: string): void => {
    log.warn({ socket: kind, code, reason }, 'socket refused');
    socket.close(code, reason);
  };
/** The close reason of a removed guest's registration (with CLOSE_FORBIDDEN). */
export const REMOVED_REASON = 'REMOVED';
/** The close reason (with CLOSE_UNAUTHORIZED) of the sockets of a session that signed out. */
export const SIGNED_OUT_REASON = 'Signed out';
/** The close reason (with CLOSE_FORBIDDEN) of the sockets of an output token that was replaced. */
export const OUTPUT_TOKEN_REPLACED_REASON = 'Output token replaced';
/** A kicked-out participant's socket is closed with this. */
export const CLOSE_KICKED = 4000;
export const KICKED_REASON = 'Removed by a moderator';
