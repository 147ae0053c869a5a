/**
 * The event socket `{eventSocket}` = /ptapi/websocket (CONTRACT.md "Sockets", "Meeting"): `register`
 * with the event access token (a producer) or a guest token (a guest) → `guid_assigned`, and the
 * participant joins the event's interactive roster (`Event_Roster` pushed on every join and leave).
 * A registered participant sends `state` (its own mutes, screen share, name) and `stopShare` (asks a
 * sharer to stop). `ping` → `pong`. Frames are limited per kind (frameLimiter.ts): `state` frames that
 * come while one is being applied, or past the limit, are merged and applied as one (the last value of
 * each field wins); a ping or stop-share past it is dropped.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { isModerator, lookupToken } from '../auth';
import type { Ctx } from '../context';
import { guestOfToken } from '../guests';
import { getUser } from '../users';
import { updateEntries } from '../cluster/presence';
import { type EventConnection, type RosterEntry } from './hub';
import { readAttendeeReport } from './attendeeReport';
import { FrameLimiter } from './frameLimiter';
import { send } from './hub';
import { CLOSE_FORBIDDEN, CLOSE_REGISTER_TIMEOUT, CLOSE_UNAUTHORIZED, parseFrame, REGISTER_TIMEOUT_MS, REMOVED_REASON, refuser } from './messages';

const NAME_MAX = 100;

const nameOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, NAME_MAX) : null);

/** A participant's own state as `state` frames say it: only fields of the right kind (the others are ignored). */
export interface OwnState {
  audioMute?: boolean;
  videoMute?: boolean;
  shareScreen?: boolean;
  name?: string;
  /** A frame started a screen share: it clears the stop-share request, even if a later frame stopped sharing. */
  startedShare?: true;
}

export function readState(msg: Record<string, unknown>): OwnState {
  const state: OwnState = {};
  if (typeof msg.audioMute === 'boolean') state.audioMute = msg.audioMute;
  if (typeof msg.videoMute === 'boolean') state.videoMute = msg.videoMute;
  if (typeof msg.shareScreen === 'boolean') state.shareScreen = msg.shareScreen;
  if (msg.shareScreen === true) state.startedShare = true;
  const name = typeof msg.name === 'string' && msg.name.trim().length <= NAME_MAX ? nameOf(msg.name) : null;
  if (name) state.name = name;
  return state;
}

/** Two states as one, as if applied one after the other: each field's last value. */
export const mergeStates = (a: OwnState, b: OwnState): OwnState => ({ ...a, ...b, ...(a.startedShare || b.startedShare ? { startedShare: true } : {}) });

/**
 * A participant's own `state`: mutes, screen share and name. Unmuting a medium a moderator hard-muted
 * is refused (the entry stays muted); starting a screen share clears the stop-share request.
 */
export function applyState(entry: RosterEntry, state: OwnState): void {
  if (state.audioMute !== undefined && (state.audioMute || !entry.audioHardMute)) entry.audioMute = state.audioMute;
  if (state.videoMute !== undefined && (state.videoMute || !entry.videoHardMute)) entry.videoMute = state.videoMute;
  if (state.shareScreen !== undefined) entry.shareScreen = state.shareScreen;
  if (state.startedShare) entry.contentShareMute = false;
  if (state.name) entry.name = state.name;
}

export function eventSocketRoute(app: FastifyInstance, { db, hub }: Ctx): void {
  app.get('/ptapi/websocket', { websocket: true }, (socket: WebSocket) => {
    hub.track(socket);
    let conn: EventConnection | null = null;
    let registering = false;
    const close = refuser(app.log, socket, 'event');
    const refuse = (code: number, reason: string): null => (close(code, reason), null);
    // Only a socket that never asked is refused: a registration still being checked (a slow database) is not.
    const timer = setTimeout(() => conn || registering || refuse(CLOSE_REGISTER_TIMEOUT, 'Not registered'), REGISTER_TIMEOUT_MS);

    async function registerProducer(msg: Record<string, unknown>, eventId: string): Promise<EventConnection | null> {
      const owner = await lookupToken(db, typeof msg.accessToken === 'string' ? msg.accessToken : null);
      if (!owner || owner.kind !== 'event') return refuse(CLOSE_UNAUTHORIZED, 'Unknown or expired access token');
      if (owner.eventId !== eventId || !(await isModerator(db, owner.userId, eventId))) return refuse(CLOSE_FORBIDDEN, 'Not a moderator of this event');
      if (socket.readyState !== socket.OPEN) return null;
      const user = await getUser(db, owner.userId);
      const name = nameOf((msg.user as Record<string, unknown> | undefined)?.name) ?? `${user.firstName} ${user.lastName}`;
      hub.bindSession(owner.session.id, socket);
      return hub.joinEvent(socket, eventId, owner.userId, name);
    }

    async function registerGuest(guestToken: string, msg: Record<string, unknown>, eventId: string): Promise<EventConnection | null> {
      const guest = await guestOfToken(db, guestToken);
      if (!guest) return refuse(CLOSE_UNAUTHORIZED, 'Unknown guest token');
      if (guest.removed_at !== null) return refuse(CLOSE_FORBIDDEN, REMOVED_REASON);
      if (guest.event_id !== eventId) return refuse(CLOSE_FORBIDDEN, 'This guest token is for another event');
      if (socket.readyState !== socket.OPEN) return null;
      const joined = await hub.joinEventAsGuest(socket, eventId, guest.id, nameOf((msg.user as Record<string, unknown> | undefined)?.name) ?? guest.name);
      // Removed while this registration was on its way: the removal did not see this socket.
      if ((await guestOfToken(db, guestToken))?.removed_at !== null) {
        await hub.leaveEvent(joined);
        return refuse(CLOSE_FORBIDDEN, REMOVED_REASON);
      }
      return joined;
    }

    async function register(msg: Record<string, unknown>): Promise<void> {
      const eventId = typeof msg.eventId === 'string' ? msg.eventId : '';
      const joined = typeof msg.guestToken === 'string' ? await registerGuest(msg.guestToken, msg, eventId) : await registerProducer(msg, eventId);
      if (!joined) return;
      // Closed while it joined: the close handler saw no connection, so it leaves here.
      if (socket.readyState !== socket.OPEN) {
        await hub.leaveEvent(joined);
        return;
      }
      conn = joined;
      clearTimeout(timer);
      send(socket, { type: 'guid_assigned', guid: conn.guid });
      await hub.pushRoster(eventId);
      // A producer learns the audience at once, not at its next change.
      if (conn.userId !== null) send(socket, { type: 'msg', msg: await readAttendeeReport(db, eventId) });
    }

    // A participant's own messages are handled in the order they came (each reads and writes entries).
    let handling: Promise<void> = Promise.resolve();
    const queue = (work: () => Promise<void>) => (handling = handling.then(work).catch(() => undefined));
    const limiter = new FrameLimiter();
    /** `state` frames not applied yet, merged; applied when none is being applied and the limit allows. */
    let pendingState: OwnState | null = null;
    let applying = false;
    let stateTimer: NodeJS.Timeout | undefined;

    function flushState(c: EventConnection): void {
      if (!pendingState || applying || stateTimer) return;
      const wait = limiter.waitMs('state');
      if (wait > 0) {
        stateTimer = setTimeout(() => {
          stateTimer = undefined;
          flushState(c);
        }, wait);
        return;
      }
      limiter.take('state');
      const state = pendingState;
      pendingState = null;
      applying = true;
      void queue(async () => {
        await updateEntries(db, c.eventId, { guid: c.guid }, (entry) => applyState(entry, state));
        await hub.pushRoster(c.eventId);
      }).finally(() => {
        applying = false;
        flushState(c);
      });
    }

    socket.on('message', (data) => {
      const msg = parseFrame(data);
      if (!msg) return;
      if (msg.type === 'ping') {
        if (limiter.take('ping')) send(socket, { type: 'pong' });
        return;
      }
      if (msg.type === 'register' && !conn && !registering) {
        registering = true;
        register(msg).catch(() => socket.close(1011, 'Registration failed')).finally(() => (registering = false));
        return;
      }
      if (!conn) return;
      const c = conn;
      if (msg.type === 'state') {
        pendingState = mergeStates(pendingState ?? {}, readState(msg));
        flushState(c);
      } else if (msg.type === 'stopShare' && typeof msg.guid === 'string' && limiter.take('stopShare')) {
        const guid = msg.guid;
        void queue(async () => {
          if (await updateEntries(db, c.eventId, { guid }, (entry) => (entry.contentShareMute = true))) await hub.pushRoster(c.eventId);
        });
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(stateTimer);
      const c = conn;
      if (c) void hub.leaveEvent(c).then((left) => (left ? hub.pushRoster(c.eventId) : undefined)).catch(() => undefined);
    });
  });
}
