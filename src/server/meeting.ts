/**
 * The meeting (CONTRACT.md "Meeting: guests and media"): one Janus VideoRoom room per event instance,
 * and for each participant a join token the backend issued and added to the room's allowed list.
 *
 *   const meeting = await createMeeting({ db, bus, serverKey, own });  // own: this process' Janus, or null
 *   await meeting.admit(roomOf(eventId, instanceId), 'guest-1a2b…', { kind: 'guest', eventId, guestId })  // → { url, room, token }
 *   await meeting.upstreamOf(room)                      // the Janus that holds the room (for the /janus relay)
 *   await meeting.remove(room, 'guest-1a2b…')           // token off the list, both feeds kicked
 *
 * Everything is in the database, so every backend process serves every room: the Janus instances
 * (each process registers its own in `janus_instances`; it goes when its process stops beating,
 * cluster/node.ts), where each room is placed (`meeting_rooms`: the instance with the fewest rooms),
 * and the members (`meeting_members`: the participant, what its token was issued against). Tokens and
 * room secrets are not stored: each is derived from a stored nonce and the server key, like invite
 * links (guests.ts), so the database alone admits no one. A room whose instance is gone is placed
 * again on its next use: made on another instance with every member's token allowed, and the pages
 * rejoin through the relay (the recovery a network drop already gets).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { tokenHash } from './auth';
import type { Bus } from './cluster/bus';
import { json, type Db } from './db/adapter';
import { MEETING_UNAVAILABLE } from './errors';
import { janusAdmin, JanusError, VIDEOROOM_ERROR, type JanusAdmin } from './janus/admin';

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

/** A Janus instance rooms can be placed on. */
export interface JanusInstance {
  id: string;
  wsUrl: string;
  httpUrl: string;
}

/** The VideoRoom admin key of an instance: derived from the server key, so every process may make rooms there. */
export const janusAdminKey = (serverKey: Buffer, instanceId: string): string => createHmac('sha256', serverKey).update(`janus-admin\n${instanceId}`).digest('base64url');

export interface Meeting {
  /** Offers this process' Janus for rooms (again, after another process took this one for dead and swept it). */
  register(): Promise<void>;
  /** The room exists on a live instance, and `participantId` has a join token on its allowed list (kept with `grant`, the latest one given). */
  admit(room: string, participantId: string, grant: Grant): Promise<MeetingJoin>;
  /** The holder of a join token, or null (never issued, or removed). */
  memberOf(token: string): Promise<Member | null>;
  /** Janus' WebSocket for the room: the instance that holds it (placing it again if that one is gone). */
  upstreamOf(room: string): Promise<string>;
  /** Calls `onRemoved` when the token's participant is removed (by any process); answers the unsubscribe. */
  watch(token: string, onRemoved: () => void): () => void;
  /** The participant's token is taken off the allowed list, and its feeds (camera and screen) kicked. */
  remove(room: string, participantId: string): Promise<void>;
  close(): Promise<void>;
}

export interface MeetingOptions {
  db: Db;
  bus: Bus;
  serverKey: Buffer;
  /** This process' own Janus, offered for rooms; null when it runs none (its rooms go to the others'). */
  own: (JanusInstance & { nodeId: string }) | null;
}

interface Placement {
  room: string;
  nonce: string;
  instance: JanusInstance;
}

const nonce = () => randomBytes(16).toString('hex');

export async function createMeeting({ db, bus, serverKey, own }: MeetingOptions): Promise<Meeting> {
  const derive = (label: string) => createHmac('sha256', serverKey).update(label).digest('base64url');
  const tokenOf = (memberNonce: string) => derive(`join\n${memberNonce}`);
  const secretOf = (p: Placement) => derive(`room\n${p.room}\n${p.nonce}`);
  const admins = new Map<string, JanusAdmin>();
  const adminOf = (i: JanusInstance) => {
    let admin = admins.get(i.id);
    if (!admin) admins.set(i.id, (admin = janusAdmin({ httpUrl: i.httpUrl, adminKey: janusAdminKey(serverKey, i.id) })));
    return admin;
  };
  /** Rooms known here to exist on their instance with every member allowed (`${instance}\n${room}`). */
  const ready = new Map<string, Promise<void>>();
  const watchers = new Map<string, Set<() => void>>();

  bus.subscribe((m) => {
    if (m.t !== 'members-removed') return;
    for (const token of m.tokens) {
      const fns = watchers.get(token);
      watchers.delete(token);
      fns?.forEach((fn) => fn());
    }
  });

  const register = async () => {
    if (own) await db.query('INSERT INTO janus_instances (id, node_id, ws_url, http_url) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE SET node_id = $2, ws_url = $3, http_url = $4', [own.id, own.nodeId, own.wsUrl, own.httpUrl]);
  };
  await register();

  /** Where the room is, placing it (again) on the live instance with the fewest rooms when it has none. */
  async function place(room: string): Promise<Placement> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = (await db.query<{ instance_id: string; nonce: string; ws_url: string | null; http_url: string | null }>(
        'SELECT r.instance_id, r.nonce, i.ws_url, i.http_url FROM meeting_rooms r LEFT JOIN janus_instances i ON i.id = r.instance_id WHERE r.room = $1',
        [room],
      ))[0];
      if (row?.ws_url && row.http_url) return { room, nonce: row.nonce, instance: { id: row.instance_id, wsUrl: row.ws_url, httpUrl: row.http_url } };
      const pick = (await db.query<{ id: string }>(
        'SELECT i.id FROM janus_instances i ORDER BY (SELECT count(*) FROM meeting_rooms r WHERE r.instance_id = i.id), (i.id = $1) DESC, i.id LIMIT 1',
        [own?.id ?? ''],
      ))[0];
      if (!pick) throw MEETING_UNAVAILABLE();
      // Conditional, so two processes moving the same room agree on one instance (the loop reads the winner).
      if (row) await db.query('UPDATE meeting_rooms SET instance_id = $2 WHERE room = $1 AND instance_id = $3', [room, pick.id, row.instance_id]);
      else await db.query('INSERT INTO meeting_rooms (room, instance_id, nonce) VALUES ($1, $2, $3) ON CONFLICT (room) DO NOTHING', [room, pick.id, nonce()]);
    }
    throw MEETING_UNAVAILABLE();
  }

  /** The room exists on its instance with every member's token allowed (once per instance and room here). */
  function ensureReady(p: Placement): Promise<void> {
    const key = `${p.instance.id}\n${p.room}`;
    let made = ready.get(key);
    if (!made) {
      made = (async () => {
        const admin = adminOf(p.instance);
        await admin.ensureRoom(p.room, secretOf(p));
        const members = await db.query<{ nonce: string }>('SELECT nonce FROM meeting_members WHERE room = $1', [p.room]);
        if (members.length) await admin.allow(p.room, secretOf(p), ...members.map((m) => tokenOf(m.nonce)));
      })();
      ready.set(key, made);
      made.catch(() => ready.delete(key));
    }
    return made;
  }

  async function placed(room: string): Promise<Placement> {
    const p = await place(room);
    await ensureReady(p);
    return p;
  }

  return {
    register,

    async admit(room, participantId, grant) {
      const p = await placed(room);
      const fresh = nonce();
      await db.query(
        `INSERT INTO meeting_members (token_hash, nonce, room, participant_id, grant_json) VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (room, participant_id) DO UPDATE SET grant_json = $5::jsonb`,
        [tokenHash(tokenOf(fresh)), fresh, room, participantId, json(grant)],
      );
      const row = (await db.query<{ nonce: string }>('SELECT nonce FROM meeting_members WHERE room = $1 AND participant_id = $2', [room, participantId]))[0];
      if (!row) throw MEETING_UNAVAILABLE();
      const token = tokenOf(row.nonce);
      // Every time: the same participant asking again (a reload) may be on a room that moved since.
      await adminOf(p.instance).allow(room, secretOf(p), token);
      return { url: p.instance.wsUrl, room, token };
    },

    async memberOf(token) {
      const row = (await db.query<{ room: string; participant_id: string; grant_json: Grant }>('SELECT room, participant_id, grant_json FROM meeting_members WHERE token_hash = $1', [tokenHash(token)]))[0];
      return row ? { room: row.room, participantId: row.participant_id, token, grant: row.grant_json } : null;
    },

    upstreamOf: async (room) => (await placed(room)).instance.wsUrl,

    watch(token, onRemoved) {
      const set = watchers.get(token) ?? new Set();
      set.add(onRemoved);
      watchers.set(token, set);
      return () => set.delete(onRemoved);
    },

    async remove(room, participantId) {
      const ids = [participantId, `${participantId}${SCREEN_SUFFIX}`, `${participantId}${RETURN_SUFFIX}`];
      const gone = await db.query<{ nonce: string }>('DELETE FROM meeting_members WHERE room = $1 AND participant_id = ANY($2::text[]) RETURNING nonce', [room, ids]);
      const tokens = gone.map((m) => tokenOf(m.nonce));
      try {
        const p = await place(room).catch(() => null);
        if (!p) return;
        const admin = adminOf(p.instance);
        for (const token of tokens) await admin.disallow(room, secretOf(p), token);
        for (const id of ids) await admin.kick(room, secretOf(p), id);
      } catch (error) {
        // A room its instance no longer has (the instance restarted since): nobody can be in it.
        if (!(error instanceof JanusError && error.code === VIDEOROOM_ERROR.NO_SUCH_ROOM)) throw error;
      } finally {
        // After the kick (the page sees why it left), its relay sockets close, on whichever process they are.
        if (tokens.length) await bus.publish({ t: 'members-removed', tokens });
      }
    },

    async close() {
      await Promise.all([...admins.values()].map((a) => a.close()));
    },
  };
}
