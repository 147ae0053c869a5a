/**
 * The studio socket `{studioApi}/websocket` (CONTRACT.md "Sockets"): `register` with the producer
 * token or the channel's output token (or a guest token of its event, CONTRACT.md "Meeting") →
 * `registered` with the channel; then `channel.updated`, and to producers `live.status` and `rundown.updated`.
 * It accepts no writes (an output-token registration is read-only by nature). `ping` → `pong` (within
 * the frame limit, frameLimiter.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { lookupToken, tokenHash } from '../auth';
import { canProduce, channelJson, loadChannel, readerOf, type ChannelRow } from '../channels';
import type { Ctx } from '../context';
import { STUDIO_API } from '../routes/channel';
import type { StudioConnection } from './hub';
import { FrameLimiter } from './frameLimiter';
import { send } from './hub';
import { CLOSE_FORBIDDEN, CLOSE_REGISTER_TIMEOUT, CLOSE_UNAUTHORIZED, OUTPUT_TOKEN_REPLACED_REASON, parseFrame, REGISTER_TIMEOUT_MS, REMOVED_REASON, refuser } from './messages';

export function studioSocketRoute(app: FastifyInstance, { db, hub, live }: Ctx): void {
  app.get(`${STUDIO_API}/websocket`, { websocket: true }, (socket: WebSocket) => {
    hub.track(socket);
    let conn: StudioConnection | null = null;
    let registering = false;
    const refuse = refuser(app.log, socket, 'studio');
    // Only a socket that never asked is refused: a registration still being checked (a slow database) is not.
    const timer = setTimeout(() => conn || registering || refuse(CLOSE_REGISTER_TIMEOUT, 'Not registered'), REGISTER_TIMEOUT_MS);

    async function register(msg: Record<string, unknown>): Promise<void> {
      const uuid = typeof msg.channel === 'string' ? msg.channel : '';
      const row: ChannelRow | null = await loadChannel(db, uuid).catch(() => null);
      let userId: string | null = null;
      let guestId: string | null = null;
      if (typeof msg.outputToken === 'string') {
        const reader = row ? await readerOf(db, row, msg.outputToken) : null;
        if (reader === 'removed') return refuse(CLOSE_FORBIDDEN, REMOVED_REASON);
        if (!reader) return refuse(CLOSE_FORBIDDEN, 'Wrong output token');
        guestId = reader.guestId;
      } else {
        const owner = await lookupToken(db, typeof msg.token === 'string' ? msg.token : null);
        if (!owner || owner.kind !== 'user') return refuse(CLOSE_UNAUTHORIZED, 'Unknown or expired token');
        if (!row || !(await canProduce(db, owner.userId, row))) return refuse(CLOSE_FORBIDDEN, 'Not a producer of this channel');
        userId = owner.userId;
        hub.bindSession(owner.session.id, socket);
      }
      if (socket.readyState !== socket.OPEN) return;
      conn = { ws: socket, channel: uuid, userId, guestId };
      hub.joinStudio(conn);
      if (typeof msg.outputToken === 'string') {
        // Replacing the output token closes the sockets opened with the old one (routes/channel.ts).
        if (!guestId) hub.bindOutputToken(tokenHash(msg.outputToken), socket);
        // Removed or replaced while this registration was on its way: the close did not see this socket.
        const still = await readerOf(db, await loadChannel(db, uuid), msg.outputToken);
        if (!still || still === 'removed') {
          hub.leaveStudio(conn);
          return refuse(CLOSE_FORBIDDEN, still === 'removed' ? REMOVED_REASON : OUTPUT_TOKEN_REPLACED_REASON);
        }
      }
      clearTimeout(timer);
      // The whole channel as GET answers it (with version and applied), read after joining so no
      // update falls between: a reconnecting client learns at once what the server has.
      send(socket, { type: 'registered', channel: channelJson(await loadChannel(db, uuid)) });
      // A producer (re)connecting learns the broadcast's state at once, not at its next change.
      if (userId !== null) send(socket, { type: 'live.status', status: await live.status(uuid) });
    }

    const limiter = new FrameLimiter();
    socket.on('message', (data) => {
      const msg = parseFrame(data);
      if (!msg) return;
      // A ping past the frame limit (frameLimiter.ts) is dropped.
      if (msg.type === 'ping') return limiter.take('ping') ? send(socket, { type: 'pong' }) : undefined;
      if (msg.type === 'register' && !conn && !registering) {
        registering = true;
        register(msg).catch(() => socket.close(1011, 'Registration failed')).finally(() => (registering = false));
      }
      // Nothing else is accepted: channel writes go through PUT /channel/{uuid}.
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (conn) hub.leaveStudio(conn);
    });
  });
}
