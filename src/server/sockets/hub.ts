/**
 * Who is connected, across every backend process: this process' sockets (event sockets per event,
 * studio sockets per channel), the event's roster in the database (cluster/presence.ts), and pushes
 * through the bus (cluster/bus.ts) so they reach the sockets of every process.
 *
 * A producer's socket is a roster entry of its own (a new guid per socket). A guest is one entry
 * whatever its sockets: its guid is its participant id, a reconnect finds its entry as it was (mutes,
 * hard mutes, a moderator's rename), and two sockets of the same guest are one roster entry.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { SOCKET_PING_MS } from '../../lib/limits';
import type { Bus, BusMessage, CloseTarget } from '../cluster/bus';
import * as presence from '../cluster/presence';
import { ATTENDEE_PUSH_STALE_MS, comparable, readAttendeeReport, reportDue, type SentReport } from './attendeeReport';
import { CLOSE_RESYNC, RESYNC_REASON } from '../cluster/rules';
import type { Db } from '../db/adapter';
import { producerParticipantId } from '../meeting';

export type { RosterEntry, RosterRole } from '../cluster/presence';

export interface EventConnection {
  ws: WebSocket;
  eventId: string;
  /** The producer, or null for a guest. */
  userId: string | null;
  /** The guest's participant id, or null for a producer. */
  guestId: string | null;
  guid: string;
  /** This socket's row in the roster (cluster/presence.ts). */
  socketId: string;
}

/** An attendee's socket (issue 32): it gets only what the audience sees, never the interactive pushes. */
export interface AudienceConnection {
  ws: WebSocket;
  eventId: string;
  attendeeId: string;
  socketId: string;
  /** The sha256 of the session cookie it opened with (a personal link taken over by another browser closes the others). */
  sessionHash: string;
}

export interface StudioConnection {
  ws: WebSocket;
  channel: string;
  /** The producer, or null for an output-token or guest-token (read-only) registration. */
  userId: string | null;
  /** The guest of a guest-token registration. */
  guestId?: string | null;
}

/** `value` into the set of `key`, the set made when it is the first. */
function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): Set<V> {
  const set = map.get(key) ?? new Set<V>();
  set.add(value);
  map.set(key, set);
  return set;
}

const send = (ws: WebSocket, message: unknown) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
};

/**
 * A socket silent for two of the client's pings (§9: every 5 s) is dead even if TCP has not noticed
 * (a lost network, a laptop lid): it is cut, so its participant leaves the roster as on a close.
 */
export const SILENT_SOCKET_MS = 2 * SOCKET_PING_MS;
/**
 * An event's roster pushes are coalesced: one at once, then at most one per this window, carrying the
 * roster as it is when sent (the last state wins). A burst of changes (300 frames of one guest once
 * gave 301 pushes of the whole roster to every socket) costs a push or two.
 */
export const ROSTER_PUSH_WINDOW_MS = 100;
/**
 * The producers' view of the audience: each push lists at most ATTENDEE_PUSH_LIMIT attendees (the
 * newest) with the count of all and the raised hands (attendeeReport.ts: past the limit, only every
 * ATTENDEE_PUSH_DIFF attendees), at most one per ATTENDEE_PUSH_WINDOW_MS (ours), however many join or
 * leave: a flood of joins costs the studio a push a second at most, never one per attendee.
 */
export const ATTENDEE_PUSH_WINDOW_MS = 1000;
export { ATTENDEE_PUSH_LIMIT } from './attendeeReport';
/** Ours: attendee pages hear the count at most every 5 s (each time one message per attendee; a count a few seconds old is fine to read). */
export const AUDIENCE_COUNT_PUSH_MS = 5000;

/** A push's open window (coalesce): the push asked for during it (sent when it closes), if any. */
interface PushWindow {
  timer: NodeJS.Timeout;
  next: Promise<void> | null;
  settle: { resolve: () => void; reject: (error: unknown) => void } | null;
}

export class Hub {
  private readonly events = new Map<string, Set<EventConnection>>();
  private readonly studios = new Map<string, Set<StudioConnection>>();
  private readonly audiences = new Map<string, Set<AudienceConnection>>();
  /** Every socket, with when it was last heard from. */
  private readonly all = new Map<WebSocket, number>();
  /** Sockets opened with a credential that may end: a sign-in session (`session:<id>`, auth.ts) or an output token (`output:<hash>`). */
  private readonly bound = new Map<string, Set<WebSocket>>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly pushWindows = new Map<string, PushWindow>();
  /** What each event's producers last heard of the audience (attendeeReport.ts decides when they hear again). */
  private readonly sentReports = new Map<string, SentReport>();
  private readonly staleTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe((m) => this.deliver(m));
    bus.onResync(() => this.resyncAll());
  }

  get nodeId(): string {
    return this.bus.nodeId;
  }

  /** This process' registered sockets by kind, read when /metrics is scraped (metrics/). */
  socketCounts(): Record<'event' | 'studio' | 'audience', number> {
    const total = (map: Map<string, Set<unknown>>) => [...map.values()].reduce((n, set) => n + set.size, 0);
    return { event: total(this.events), studio: total(this.studios), audience: total(this.audiences) };
  }

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
  async joinEvent(ws: WebSocket, eventId: string, userId: string, name: string): Promise<EventConnection> {
    const guid = randomUUID();
    const conn = { ws, eventId, userId, guestId: null, guid, socketId: randomUUID() };
    await presence.addSocket(this.db, this.socketRow(conn), presence.newEntry(guid, name, 'Moderator', producerParticipantId(userId), this.now()), { kind: 'producer', userId });
    return this.add(conn);
  }

  /** A guest's socket: guid = its participant id, its entry (role Panelist) as it was if it was here before. */
  async joinEventAsGuest(ws: WebSocket, eventId: string, guestId: string, name: string): Promise<EventConnection> {
    const conn = { ws, eventId, userId: null, guestId, guid: guestId, socketId: randomUUID() };
    await presence.addSocket(this.db, this.socketRow(conn), presence.newEntry(guestId, name, 'Panelist', guestId, this.now()), { kind: 'guest', userId: null });
    return this.add(conn);
  }

  private socketRow = (c: EventConnection): presence.SocketRow => ({ socketId: c.socketId, nodeId: this.bus.nodeId, eventId: c.eventId, guid: c.guid });

  private add(conn: EventConnection): EventConnection {
    addTo(this.events, conn.eventId, conn);
    return conn;
  }

  /** This socket leaves the roster; answers whether it was on it. */
  async leaveEvent(conn: EventConnection): Promise<boolean> {
    this.events.get(conn.eventId)?.delete(conn);
    return presence.removeSocket(this.db, conn.socketId);
  }

  /** One entry per participant, newest first (every process' sockets). */
  roster(eventId: string): Promise<presence.RosterEntry[]> {
    return presence.roster(this.db, eventId);
  }

  /** `{ type: 'msg', msg }` to every socket registered for the event. */
  pushEventMsg(eventId: string, msg: unknown): void {
    this.pushEvent(eventId, { type: 'msg', msg });
  }

  /** To the event's sockets on every process; `to` keeps a user's sockets and the named participants', or the producers'. */
  pushEvent(eventId: string, message: unknown, to?: { userId?: string; guids?: string[]; producers?: true }): void {
    this.publish({ t: 'event', eventId, message, ...(to ? { to } : {}) });
  }

  /** Pushes the event's roster: now if none was pushed within ROSTER_PUSH_WINDOW_MS, else once when the window closes (resolves once sent). */
  pushRoster(eventId: string): Promise<void> {
    return this.coalesce(`roster:${eventId}`, ROSTER_PUSH_WINDOW_MS, async () => this.pushEventMsg(eventId, { type: 'Event_Roster', participants: await this.roster(eventId) }));
  }

  /** Pushes the audience to the event's producers (`Event_Attendees`: the newest ATTENDEE_PUSH_LIMIT and the count), coalesced like the roster. */
  pushAttendees(eventId: string): Promise<void> {
    return this.coalesce(`attendees:${eventId}`, ATTENDEE_PUSH_WINDOW_MS, async () => {
      const msg = await readAttendeeReport(this.db, eventId);
      const next = comparable(msg);
      const now = this.now();
      if (!reportDue(this.sentReports.get(eventId), next, now)) return this.pushWhenStale(eventId);
      this.sentReports.set(eventId, { ...next, at: now });
      this.pushEvent(eventId, { type: 'msg', msg }, { producers: true });
      this.pushAudienceCount(eventId).catch(() => undefined); // the next change pushes it again
    });
  }

  /** A change held back past the push limit goes out once it is ATTENDEE_PUSH_STALE_MS old, if nothing pushed it first. */
  private pushWhenStale(eventId: string): void {
    if (this.staleTimers.has(eventId)) return;
    const timer = setTimeout(() => {
      this.staleTimers.delete(eventId);
      this.announceAttendees(eventId);
    }, ATTENDEE_PUSH_STALE_MS);
    timer.unref();
    this.staleTimers.set(eventId, timer);
  }

  /**
   * The same, for a request that changed the audience: it answers at once, the producers hear within
   * the push window (awaiting the push would hold the caller up to ATTENDEE_PUSH_WINDOW_MS). A failed
   * push is not the caller's failure: the next one carries the same state.
   */
  announceAttendees(eventId: string): void {
    this.pushAttendees(eventId).catch(() => undefined);
  }

  /** The attendee count on attendee pages, when the moderators show it: at most once per AUDIENCE_COUNT_PUSH_MS (one message to every attendee each time). */
  private pushAudienceCount(eventId: string): Promise<void> {
    return this.coalesce(`audience-count:${eventId}`, AUDIENCE_COUNT_PUSH_MS, async () => {
      const shown = (await this.db.query<{ show_attendee_count: boolean }>('SELECT show_attendee_count FROM events WHERE id = $1', [eventId]))[0]?.show_attendee_count;
      if (shown) this.pushAudience(eventId, { type: 'count', attendeeCount: await presence.attendeeCount(this.db, eventId) });
    });
  }

  /** Runs `send` now if it did not run within `windowMs` under `key`, else once when that window closes (resolves once sent). */
  coalesce(key: string, windowMs: number, send: () => Promise<void>): Promise<void> {
    const open = this.pushWindows.get(key);
    if (open) {
      open.next ??= new Promise<void>((resolve, reject) => (open.settle = { resolve, reject }));
      return open.next;
    }
    const window: PushWindow = {
      next: null,
      settle: null,
      timer: setTimeout(() => {
        this.pushWindows.delete(key);
        if (window.settle) this.coalesce(key, windowMs, send).then(window.settle.resolve, window.settle.reject);
      }, windowMs),
    };
    window.timer.unref();
    this.pushWindows.set(key, window);
    return send();
  }

  /** An attendee's socket: their roster entry (role Attendee, guid = their id) joins the audience, on every process. */
  async joinAudience(ws: WebSocket, attendee: { id: string; eventId: string; name: string; joinedAt: number }, sessionHash: string): Promise<AudienceConnection> {
    const conn: AudienceConnection = { ws, eventId: attendee.eventId, attendeeId: attendee.id, socketId: randomUUID(), sessionHash };
    await presence.addSocket(this.db, { socketId: conn.socketId, nodeId: this.bus.nodeId, eventId: conn.eventId, guid: attendee.id }, presence.newEntry(attendee.id, attendee.name, 'Attendee', attendee.id, attendee.joinedAt), {
      kind: 'attendee',
      userId: null,
    });
    addTo(this.audiences, conn.eventId, conn);
    return conn;
  }

  /** The attendee's socket closed; answers whether it was on the roster. */
  async leaveAudience(conn: AudienceConnection): Promise<boolean> {
    this.audiences.get(conn.eventId)?.delete(conn);
    return presence.removeSocket(this.db, conn.socketId);
  }

  /** To the event's attendees on every process (one attendee's sockets with `attendeeId`, every one's but theirs with `{ except }`). */
  pushAudience(eventId: string, message: unknown, to?: string | { except: string }): void {
    this.publish({ t: 'audience', eventId, message, ...(typeof to === 'string' ? { attendeeId: to } : to ? { exceptAttendeeId: to.except } : {}) });
  }

  /** Closes an attendee's sockets, wherever they are (a removal, a leave), or all but one session's (a personal link taken over). */
  closeAttendee(eventId: string, attendeeId: string, code: number, reason: string, exceptSession?: string): void {
    this.publish({ t: 'close', target: { attendee: { eventId, attendeeId, ...(exceptSession ? { exceptSession } : {}) } }, code, reason });
  }

  joinStudio(conn: StudioConnection): void {
    addTo(this.studios, conn.channel, conn);
  }

  leaveStudio(conn: StudioConnection): void {
    this.studios.get(conn.channel)?.delete(conn);
  }

  pushStudio(channel: string, message: unknown): void {
    this.publish({ t: 'studio', channel, message });
  }

  /** To the channel's producers only (not its output pages or guests): the outputs' health names destinations. */
  pushProducers(channel: string, message: unknown): void {
    this.publish({ t: 'studio', channel, message, producersOnly: true });
  }

  /** Closes a participant's event sockets, wherever they are (a kick-out, a removed guest). */
  closeParticipant(eventId: string, guid: string, code: number, reason: string): void {
    this.publish({ t: 'close', target: { participant: { eventId, guid } }, code, reason });
  }

  /** Closes the studio sockets a guest registered (its token was revoked). */
  closeGuestStudios(guestId: string, code: number, reason: string): void {
    this.publish({ t: 'close', target: { guestStudios: guestId }, code, reason });
  }

  /** Marks `ws` as registered with a token of `sessionId` (none: a token without a session, left alone). */
  bindSession(sessionId: string | null, ws: WebSocket): void {
    if (sessionId) this.bind(`session:${sessionId}`, ws);
  }

  /** Closes every socket of a signed-out session, on every process. */
  closeSession(sessionId: string | null, code: number, reason: string): void {
    if (sessionId) this.publish({ t: 'close', target: { session: sessionId }, code, reason });
  }

  /** Marks `ws` as opened with the output token of this hash (the output page's studio socket and /janus relay). */
  bindOutputToken(hash: string, ws: WebSocket): void {
    this.bind(`output:${hash}`, ws);
  }

  /** Closes every socket opened with a replaced output token, on every process. */
  closeOutputToken(hash: string, code: number, reason: string): void {
    this.publish({ t: 'close', target: { outputToken: hash }, code, reason });
  }

  private bind(key: string, ws: WebSocket): void {
    const set = addTo(this.bound, key, ws);
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0 && this.bound.get(key) === set) this.bound.delete(key);
    });
  }

  /** Every socket here, abruptly (the fault hook and shutdown). */
  terminateAll(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    // The sockets are gone: a push still waiting for its window has no one to reach.
    for (const window of this.pushWindows.values()) {
      clearTimeout(window.timer);
      window.settle?.resolve();
    }
    this.pushWindows.clear();
    for (const timer of this.staleTimers.values()) clearTimeout(timer);
    this.staleTimers.clear();
    for (const ws of this.all.keys()) ws.terminate();
  }

  /** Pushes may have been missed: every socket here reconnects and so resyncs (the client's own path after a drop). */
  resyncAll(): void {
    for (const ws of this.all.keys()) if (ws.readyState === ws.OPEN) ws.close(CLOSE_RESYNC, RESYNC_REASON);
  }

  private publish(m: BusMessage): void {
    this.bus.publish(m).catch(() => undefined);
  }

  /** A bus message reaches this process' sockets. */
  private deliver(m: BusMessage): void {
    if (m.t === 'event') {
      const to = m.to;
      for (const c of this.events.get(m.eventId) ?? []) {
        if (!to || (to.userId !== undefined && c.userId === to.userId) || to.guids?.includes(c.guid) || (to.producers && c.userId !== null)) send(c.ws, m.message);
      }
    } else if (m.t === 'audience') {
      for (const c of this.audiences.get(m.eventId) ?? []) if ((!m.attendeeId || c.attendeeId === m.attendeeId) && c.attendeeId !== m.exceptAttendeeId) send(c.ws, m.message);
    } else if (m.t === 'studio') {
      for (const c of this.studios.get(m.channel) ?? []) if (!m.producersOnly || c.userId !== null) send(c.ws, m.message);
    } else if (m.t === 'close') this.closeHere(m.target, m.code, m.reason);
  }

  private closeHere(target: CloseTarget, code: number, reason: string): void {
    if ('participant' in target) {
      const { eventId, guid } = target.participant;
      for (const c of [...(this.events.get(eventId) ?? [])])
        if (c.guid === guid) {
          this.events.get(eventId)?.delete(c);
          c.ws.close(code, reason);
        }
    } else if ('attendee' in target) {
      const { eventId, attendeeId, exceptSession } = target.attendee;
      for (const c of [...(this.audiences.get(eventId) ?? [])])
        if (c.attendeeId === attendeeId && c.sessionHash !== exceptSession) {
          this.audiences.get(eventId)?.delete(c);
          c.ws.close(code, reason);
        }
    } else if ('guestStudios' in target) {
      for (const set of this.studios.values())
        for (const c of [...set])
          if (c.guestId === target.guestStudios) {
            set.delete(c);
            c.ws.close(code, reason);
          }
    } else {
      const key = 'session' in target ? `session:${target.session}` : `output:${target.outputToken}`;
      for (const ws of this.bound.get(key) ?? []) ws.close(code, reason);
      this.bound.delete(key);
    }
  }
}

export { send };
