/**
 * The demo's audience room (issue 32): the attendee page and the demo studio, two tabs of one
 * browser, speak over a BroadcastChannel instead of HTTP and the attendee socket. A call is the
 * AttendeeClient's method by name with its arguments, answered by the studio tab that hosts the room
 * (the one holding the room's Web Lock); frames are the attendee socket's frames, to one attendee or
 * to all. No secrets: the tab's attendee identity travels with each message, as the issue allows.
 */
import type { AttendeeSelf } from '../../lib/audienceContract';
import type { ApiError, Frame } from '../../services/watch/attendeePort';

/** Who a tab is in the demo event (kept in that tab's sessionStorage); `removed` once a moderator removed them. */
export interface DemoIdentity extends AttendeeSelf {
  removed?: boolean;
}

export type AttendeeRoomMessage =
  /** An AttendeeClient call, by method name. */
  | { type: 'call'; id: string; from: string; me: DemoIdentity | null; method: string; args: unknown[] }
  | { type: 'answer'; id: string; to: string; ok: true; value: unknown }
  | { type: 'answer'; id: string; to: string; ok: false; error: ApiError }
  /** The socket's registration (and its re-registration when another studio tab took over). */
  | { type: 'hello'; from: string; me: DemoIdentity | null }
  | { type: 'bye'; me: DemoIdentity | null }
  /** Is a studio tab there? (the page says so when none is) */
  | { type: 'ping'; from: string; me: DemoIdentity | null }
  | { type: 'pong'; to: string }
  /** A socket frame: to one attendee (by id), or null for everyone (but `except`, as the server's push can leave out one attendee). */
  | { type: 'frame'; to: string | null; except?: string; frame: Frame }
  /** A studio tab started hosting: the pages register again. */
  | { type: 'host' };

export interface AttendeeRoomTransport {
  /** Delivers to every other tab of the room (never back to the sender). */
  post(message: AttendeeRoomMessage): void;
  listen(on: (message: AttendeeRoomMessage) => void): () => void;
}

/** One room per event page. */
export const attendeeRoomName = (sharingUrl: string) => `studio-demo-audience:${sharingUrl}`;

/** The room over a BroadcastChannel (absent in jsdom or an old browser: nothing is delivered, so the page says the studio is not there). */
export function broadcastAttendeeRoom(name: string): AttendeeRoomTransport & { close(): void } {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  return {
    post: (message) => channel?.postMessage(message),
    listen(on) {
      const handler = (e: MessageEvent<AttendeeRoomMessage>) => on(e.data);
      channel?.addEventListener('message', handler);
      return () => channel?.removeEventListener('message', handler);
    },
    close: () => channel?.close(),
  };
}

/** Errors as the studio backend gives them (the session reads status, code and retryAfter). */
export const roomError = (status: number, message: string, extra: Partial<ApiError> = {}): ApiError => ({ type: 'unknown', code: 'API_BACKEND_ERROR', message, status, ...extra });

export const DEMO_STUDIO_CLOSED = 'DEMO_STUDIO_CLOSED';
