/**
 * The event socket `{eventSocket}` = /ptapi/websocket (CONTRACT.md "Sockets"): `register` with the
 * event access token → `guid_assigned`, and the moderator joins the event's interactive roster
 * (`Event_Roster` pushed on every join and leave). `ping` → `pong`.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { isModerator, lookupToken } from '../auth';
import type { Ctx } from '../context';
import { getUser } from '../users';
import type { EventConnection } from './hub';
import { send } from './hub';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, parseFrame, REGISTER_TIMEOUT_MS } from './messages';

const NAME_MAX = 100;

export function eventSocketRoute(app: FastifyInstance, { db, hub }: Ctx): void {
  app.get('/ptapi/websocket', { websocket: true }, (socket: WebSocket) => {
    hub.track(socket);
    let conn: EventConnection | null = null;
    let registering = false;
    const timer = setTimeout(() => conn || socket.close(CLOSE_UNAUTHORIZED, 'Not registered'), REGISTER_TIMEOUT_MS);

    async function register(msg: Record<string, unknown>): Promise<void> {
      const eventId = typeof msg.eventId === 'string' ? msg.eventId : '';
      const owner = await lookupToken(db, typeof msg.accessToken === 'string' ? msg.accessToken : null);
      if (!owner || owner.kind !== 'event') return socket.close(CLOSE_UNAUTHORIZED, 'Unknown or expired access token');
      if (owner.eventId !== eventId || !(await isModerator(db, owner.userId, eventId))) return socket.close(CLOSE_FORBIDDEN, 'Not a moderator of this event');
      if (socket.readyState !== socket.OPEN) return;
      const user = await getUser(db, owner.userId);
      const given = (msg.user as Record<string, unknown> | undefined)?.name;
      const name = typeof given === 'string' && given.trim() ? given.trim().slice(0, NAME_MAX) : `${user.firstName} ${user.lastName}`;
      conn = hub.joinEvent(socket, eventId, owner.userId, name);
      clearTimeout(timer);
      send(socket, { type: 'guid_assigned', guid: conn.guid });
      hub.pushRoster(eventId);
    }

    socket.on('message', (data) => {
      const msg = parseFrame(data);
      if (!msg) return;
      if (msg.type === 'ping') return send(socket, { type: 'pong' });
      if (msg.type === 'register' && !conn && !registering) {
        registering = true;
        register(msg).catch(() => socket.close(1011, 'Registration failed')).finally(() => (registering = false));
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (conn && hub.leaveEvent(conn)) hub.pushRoster(conn.eventId);
    });
  });
}
