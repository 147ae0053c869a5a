/**
 * Who is connected: event sockets per event (they are also the event's interactive roster) and
 * studio sockets per channel. Pushes go through here.
 *
 * A producer's socket is a roster entry of its own (a new guid per socket). A guest is one entry
 * whatever its sockets: its guid is its participant id, a reconnect finds its entry as it was (mutes,
 * hard mutes, a moderator's rename), and two sockets of the same guest are one roster entry.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { producerParticipantId } from '../meeting';
import { SOCKET_PING_MS } from '../../lib/limits';

export type RosterRole = 'Moderator' | 'Panelist';

export interface RosterEntry {
  id: string;
  name: string;
  role: RosterRole;
  /** The producer-card id: `producer-{userId}` or `guest-{random}` (CONTRACT.md "Meeting"). */
  participantId: string;
  joinTime: number;
  audioMute: boolean;
  videoMute: boolean;
  audioHardMute: boolean;
  videoHardMute: boolean;
  shareScreen: boolean;
  voiceProcessing: boolean;
  contentShareMute: boolean;
}

export interface EventConnection {
  ws: WebSocket;
  eventId: string;
  /** The producer, or null for a guest. */
  userId: string | null;
  /** The guest's participant id, or null for a producer. */
  guestId: string | null;
  guid: string;
  /** Shared by every socket of the same guest. */
  entry: RosterEntry;
}

export interface StudioConnection {
  ws: WebSocket;
  channel: string;
  /** The producer, or null for an output-token or guest-token (read-only) registration. */
  userId: string | null;
  /** The guest of a guest-token registration. */
  guestId?: string | null;
}

const newEntry = (id: string, name: string, role: RosterRole, participantId: string): RosterEntry => ({
  id,
  name,
  role,
  participantId,
  joinTime: Date.now(),
  audioMute: false,
  videoMute: false,
  audioHardMute: false,
  videoHardMute: false,
  shareScreen: false,
  voiceProcessing: false,
  contentShareMute: false,
});

const send = (ws: WebSocket, message: unknown) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
};

/**
 * A socket silent for two of the client's pings (§9: every 5 s) is dead even if TCP has not noticed
 * (a lost network, a laptop lid): it is cut, so its participant leaves the roster as on a close.
 */
export const SILENT_SOCKET_MS = 2 * SOCKET_PING_MS;

export class Hub {
  private readonly events = new Map<string, Set<EventConnection>>();
  private readonly studios = new Map<string, Set<StudioConnection>>();
  /** Every socket, with when it was last heard from. */
  private readonly all = new Map<WebSocket, number>();
  /** A guest's entry, kept while it is away (`${eventId}\n${guestId}`), until it is removed. */
  private readonly guests = new Map<string, RosterEntry>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly now: () => number = Date.now) {}
  /** Sockets opened with a token of a sign-in session (auth.ts): signing out closes them. */
  private readonly sessions = new Map<string, Set<WebSocket>>();

  track(ws: WebSocket): void {
    this.all.set(ws, this.now());
    ws.on('message', () => this.all.has(ws) && this.all.set(ws, this.now()));
    ws.on('close', () => this.all.delete(ws));
    this.sweeper ??= setInterval(() => this.sweep(), SOCKET_PING_MS).unref();
  }

  /** Cuts the sockets silent for longer than SILENT_SOCKET_MS; their close handlers do the rest. */
  sweep(now = this.now()): void {
    for (const [ws, heard] of this.all) if (now - heard > SILENT_SOCKET_MS) ws.terminate();
  }

  /** A producer's socket: a new roster entry (role Moderator) with a new guid. */
  joinEvent(ws: WebSocket, eventId: string, userId: string, name: string): EventConnection {
    const guid = randomUUID();
    return this.add({ ws, eventId, userId, guestId: null, guid, entry: newEntry(guid, name, 'Moderator', producerParticipantId(userId)) });
  }

  /** A guest's socket: guid = its participant id, its entry (role Panelist) as it was if it was here before. */
  joinEventAsGuest(ws: WebSocket, eventId: string, guestId: string, name: string): EventConnection {
    const key = `${eventId}\n${guestId}`;
    const entry = this.guests.get(key) ?? newEntry(guestId, name, 'Panelist', guestId);
    this.guests.set(key, entry);
    return this.add({ ws, eventId, userId: null, guestId, guid: guestId, entry });
  }

  /** Forgets a removed guest's kept entry. */
  forgetGuest(eventId: string, guestId: string): void {
    this.guests.delete(`${eventId}\n${guestId}`);
  }

  private add(conn: EventConnection): EventConnection {
    const set = this.events.get(conn.eventId) ?? new Set();
    set.add(conn);
    this.events.set(conn.eventId, set);
    return conn;
  }

  leaveEvent(conn: EventConnection): boolean {
    return this.events.get(conn.eventId)?.delete(conn) ?? false;
  }

  eventConnections(eventId: string): EventConnection[] {
    return [...(this.events.get(eventId) ?? [])];
  }

  /** The sockets of one participant (a guest may have more than one). */
  connectionsOf(eventId: string, guid: string): EventConnection[] {
    return this.eventConnections(eventId).filter((c) => c.guid === guid);
  }

  /** One entry per participant, newest first. */
  roster(eventId: string): RosterEntry[] {
    const entries = new Map<string, RosterEntry>();
    for (const c of this.eventConnections(eventId)) entries.set(c.guid, c.entry);
    return [...entries.values()].map((e) => ({ ...e })).sort((a, b) => b.joinTime - a.joinTime);
  }

  /** `{ type: 'msg', msg }` to every socket registered for the event. */
  pushEventMsg(eventId: string, msg: unknown): void {
    this.pushEvent(eventId, { type: 'msg', msg });
  }

  pushEvent(eventId: string, message: unknown, only?: (c: EventConnection) => boolean): void {
    for (const c of this.eventConnections(eventId)) if (!only || only(c)) send(c.ws, message);
  }

  pushRoster(eventId: string): void {
    this.pushEventMsg(eventId, { type: 'Event_Roster', participants: this.roster(eventId) });
  }

  joinStudio(conn: StudioConnection): void {
    const set = this.studios.get(conn.channel) ?? new Set();
    set.add(conn);
    this.studios.set(conn.channel, set);
  }

  leaveStudio(conn: StudioConnection): void {
    this.studios.get(conn.channel)?.delete(conn);
  }

  pushStudio(channel: string, message: unknown): void {
    for (const c of this.studios.get(channel) ?? []) send(c.ws, message);
  }

  /** To the channel's producers only (not its output pages or guests): the outputs' health names destinations. */
  pushProducers(channel: string, message: unknown): void {
    for (const c of this.studios.get(channel) ?? []) if (c.userId !== null) send(c.ws, message);
  }

  /** Closes the studio sockets a guest registered (its token was revoked). */
  closeGuestStudios(guestId: string, code: number, reason: string): void {
    for (const set of this.studios.values())
      for (const c of [...set])
        if (c.guestId === guestId) {
          set.delete(c);
          c.ws.close(code, reason);
        }
  }

  /** Marks `ws` as registered with a token of `sessionId` (none: a token without a session, left alone). */
  bindSession(sessionId: string | null, ws: WebSocket): void {
    if (!sessionId) return;
    const set = this.sessions.get(sessionId) ?? new Set();
    set.add(ws);
    this.sessions.set(sessionId, set);
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0 && this.sessions.get(sessionId) === set) this.sessions.delete(sessionId);
    });
  }

  /** Closes every socket of a signed-out session. */
  closeSession(sessionId: string | null, code: number, reason: string): void {
    if (!sessionId) return;
    for (const ws of this.sessions.get(sessionId) ?? []) ws.close(code, reason);
    this.sessions.delete(sessionId);
  }

  /** Every socket, abruptly (the fault hook and shutdown). */
  terminateAll(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const ws of this.all.keys()) ws.terminate();
  }
}

export { send };
