/**
 * The meeting (CONTRACT.md "Meeting: guests and media"): one Janus VideoRoom room per event instance,
 * and for each participant a join token the backend issued and added to the room's allowed list.
 *
 *   const meeting = createMeeting(janus);               // janus: a RunningJanus (janus/launcher.ts)
 *   await meeting.admit(roomOf(eventId, instanceId), 'guest-1a2b…', { kind: 'guest', eventId, guestId })  // → { url, room, token }
 *   await meeting.remove(room, 'guest-1a2b…')           // token off the list, both feeds kicked
 *
 * Join tokens live as long as the Janus process (its allowed lists are in its memory too), so they
 * are kept here in memory, one per participant and room: the same participant asking again (a
 * producer's reload) gets the same token. Each is kept with its grant: what it was issued against
 * (a producer's session, a guest, the channel's output token), which the `/janus` relay checks
 * again when a page connects with it (routes/janusProxy.ts).
 */
import { randomBytes } from 'node:crypto';
import { janusAdmin, JanusError, VIDEOROOM_ERROR, type JanusAdmin } from './janus/admin';
import type { RunningJanus } from './janus/launcher';

/** A screen share publishes as `{participantId}~screen`. */
export const SCREEN_SUFFIX = '~screen';
/** A guest's program return receives as `{participantId}~return` (it never publishes). */
export const RETURN_SUFFIX = '~return';

export const roomOf = (eventId: string, instanceId: string): string => `ev-${eventId}-${instanceId}`;
export const producerParticipantId = (userId: string): string => `producer-${userId}`;
export const newGuestParticipantId = (): string => `guest-${randomBytes(8).toString('hex')}`;

export interface MeetingJoin {
  /** Janus' WebSocket (subprotocol janus-protocol). */
  url: string;
  room: string;
  /** The join token: the room's allowed list has it. */
  token: string;
}

/** What a join token was issued against. */
export type Grant =
  | { kind: 'producer'; eventId: string; userId: string; sessionId: string | null }
  | { kind: 'guest'; eventId: string; guestId: string }
  | { kind: 'output'; eventId: string; channel: string; outputTokenHash: string }
  /** The capture worker's page, by its job's one-time token. */
  | { kind: 'capture'; eventId: string; channel: string; captureTokenHash: string };

/** A join token's holder: its room, its participant id and what the token was issued against. */
export interface Member {
  room: string;
  participantId: string;
  token: string;
  grant: Grant;
}

export interface Meeting {
  readonly wsUrl: string;
  readonly httpUrl: string;
  readonly admin: JanusAdmin;
  /** The room exists, and `participantId` has a join token on its allowed list (kept with `grant`, the latest one given). */
  admit(room: string, participantId: string, grant: Grant): Promise<MeetingJoin>;
  /** The holder of a join token, or null (never issued, or removed). */
  memberOf(token: string): Member | null;
  /** Calls `onRemoved` when the token's participant is removed; answers the unsubscribe. */
  watch(token: string, onRemoved: () => void): () => void;
  /** The participant's token is taken off the allowed list, and its feeds (camera and screen) kicked. */
  remove(room: string, participantId: string): Promise<void>;
  close(): Promise<void>;
}

export function createMeeting(janus: Pick<RunningJanus, 'wsUrl' | 'httpUrl' | 'adminKey'>): Meeting {
  const admin = janusAdmin({ httpUrl: janus.httpUrl, adminKey: janus.adminKey });
  /** `${room}\n${participantId}` → the join token (a promise while it is being added). */
  const tokens = new Map<string, Promise<string>>();
  const members = new Map<string, Member>();
  const watchers = new Map<string, Set<() => void>>();
  const key = (room: string, participantId: string) => `${room}\n${participantId}`;

  return {
    wsUrl: janus.wsUrl,
    httpUrl: janus.httpUrl,
    admin,

    async admit(room, participantId, grant) {
      const k = key(room, participantId);
      let token = tokens.get(k);
      if (!token) {
        token = (async () => {
          await admin.ensureRoom(room);
          const t = randomBytes(24).toString('base64url');
          await admin.allow(room, t);
          return t;
        })();
        tokens.set(k, token);
        token.catch(() => tokens.delete(k));
      }
      const t = await token;
      members.set(t, { room, participantId, token: t, grant });
      return { url: janus.wsUrl, room, token: t };
    },

    memberOf: (token) => members.get(token) ?? null,

    watch(token, onRemoved) {
      const set = watchers.get(token) ?? new Set();
      set.add(onRemoved);
      watchers.set(token, set);
      return () => set.delete(onRemoved);
    },

    async remove(room, participantId) {
      const ids = [participantId, `${participantId}${SCREEN_SUFFIX}`, `${participantId}${RETURN_SUFFIX}`];
      const own = await Promise.all(ids.map((id) => tokens.get(key(room, id))?.catch(() => null)));
      ids.forEach((id) => tokens.delete(key(room, id)));
      const removed = own.filter((t): t is string => Boolean(t));
      removed.forEach((t) => members.delete(t));
      try {
        for (const token of removed) await admin.disallow(room, token);
        for (const id of ids) await admin.kick(room, id);
      } catch (error) {
        // A room this Janus never made (the backend restarted since): nobody can be in it.
        if (!(error instanceof JanusError && error.code === VIDEOROOM_ERROR.NO_SUCH_ROOM)) throw error;
      } finally {
        // After the kick (the page sees why it left), its relay sockets close.
        for (const token of removed) {
          const onRemoved = watchers.get(token);
          watchers.delete(token);
          onRemoved?.forEach((fn) => fn());
        }
      }
    },

    close: () => admin.close(),
  };
}
