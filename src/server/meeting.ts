/**
 * The meeting (CONTRACT.md "Meeting: guests and media"): one Janus VideoRoom room per event instance,
 * and for each participant a join token the backend issued and added to the room's allowed list.
 *
 *   const meeting = createMeeting(janus);               // janus: a RunningJanus (janus/launcher.ts)
 *   await meeting.admit(roomOf(eventId, instanceId), 'guest-1a2b…')  // → { url, room, token }
 *   await meeting.remove(room, 'guest-1a2b…')           // token off the list, both feeds kicked
 *
 * Join tokens live as long as the Janus process (its allowed lists are in its memory too), so they
 * are kept here in memory, one per participant and room: the same participant asking again (a
 * producer's reload) gets the same token.
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

export interface Meeting {
  readonly wsUrl: string;
  readonly httpUrl: string;
  readonly admin: JanusAdmin;
  /** The room exists, and `participantId` has a join token on its allowed list. */
  admit(room: string, participantId: string): Promise<MeetingJoin>;
  /** The participant's token is taken off the allowed list, and its feeds (camera and screen) kicked. */
  remove(room: string, participantId: string): Promise<void>;
  close(): Promise<void>;
}

export function createMeeting(janus: Pick<RunningJanus, 'wsUrl' | 'httpUrl' | 'adminKey'>): Meeting {
  const admin = janusAdmin({ httpUrl: janus.httpUrl, adminKey: janus.adminKey });
  /** `${room}\n${participantId}` → the join token (a promise while it is being added). */
  const tokens = new Map<string, Promise<string>>();
  const key = (room: string, participantId: string) => `${room}\n${participantId}`;

  return {
    wsUrl: janus.wsUrl,
    httpUrl: janus.httpUrl,
    admin,

    async admit(room, participantId) {
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
      return { url: janus.wsUrl, room, token: await token };
    },

    async remove(room, participantId) {
      const members = [participantId, `${participantId}${SCREEN_SUFFIX}`, `${participantId}${RETURN_SUFFIX}`];
      const own = await Promise.all(members.map((id) => tokens.get(key(room, id))?.catch(() => null)));
      members.forEach((id) => tokens.delete(key(room, id)));
      try {
        for (const token of own) if (token) await admin.disallow(room, token);
        for (const id of members) await admin.kick(room, id);
      } catch (error) {
        // A room this Janus never made (the backend restarted since): nobody can be in it.
        if (!(error instanceof JanusError && error.code === VIDEOROOM_ERROR.NO_SUCH_ROOM)) throw error;
      }
    },

    close: () => admin.close(),
  };
}
