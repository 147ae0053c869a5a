/**
 * The attendee's socket `{studioApi}/audience/{sharingUrl}/socket` (issue 32, CONTRACT.md
 * "Audience"): opened with the attendee's session cookie (SameSite=Lax: a page of another site
 * cannot open it with the attendee's cookie), it puts the attendee on the audience roster while it is
 * open and carries only what an attendee sees: `chat.msg` (public, and their own private
 * conversation), `chat.deleted`, `chat.rateLimited`, `poll`, `qna` (only questions the attendee may
 * see: audience/questions.ts) and `attendee.removed`. Never channel updates,
 * host chat, the rundown or anyone else's private messages. `ping` → `pong`; nothing else is read.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { attendeeOfSession } from '../audience/attendees';
import { tokenHash } from '../auth';
import type { Ctx } from '../context';
import { findEvent } from '../events';
import { ATTENDEE_COOKIE, AUDIENCE_API } from '../routes/audience';
import { FrameLimiter } from './frameLimiter';
import type { AudienceConnection } from './hub';
import { send } from './hub';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, parseFrame, REMOVED_REASON, refuser } from './messages';

export function audienceSocketRoute(app: FastifyInstance, { db, hub }: Ctx): void {
  app.get<{ Params: { sharingUrl: string } }>(`${AUDIENCE_API}/:sharingUrl/socket`, { websocket: true }, (socket: WebSocket, req) => {
    hub.track(socket);
    const refuse = refuser(app.log, socket, 'audience');
    let conn: AudienceConnection | null = null;
    let closed = false;

    const limiter = new FrameLimiter();
    socket.on('message', (data) => {
      const msg = parseFrame(data);
      if (msg?.type === 'ping' && limiter.take('ping')) send(socket, { type: 'pong' });
    });
    socket.on('close', () => {
      closed = true;
      if (conn) void hub.leaveAudience(conn).then((was) => (was ? hub.pushAttendees(conn!.eventId) : undefined)).catch(() => undefined);
    });

    void (async () => {
      const event = await findEvent(db, 'sharing_url', req.params.sharingUrl);
      const attendee = event ? await attendeeOfSession(db, event.id, req.cookies[ATTENDEE_COOKIE]) : null;
      if (!attendee) return refuse(CLOSE_UNAUTHORIZED, 'Join the event first');
      if (attendee.removed) return refuse(CLOSE_FORBIDDEN, REMOVED_REASON);
      if (closed) return;
      conn = await hub.joinAudience(socket, attendee, tokenHash(req.cookies[ATTENDEE_COOKIE]!));
      // Closed while joining: the close handler ran before there was a connection to leave.
      if (closed) return void hub.leaveAudience(conn).catch(() => undefined);
      send(socket, { type: 'joined', attendee: { id: attendee.id, name: attendee.name } });
      await hub.pushAttendees(attendee.eventId);
    })().catch(() => socket.close(1011, 'Joining failed'));
  });
}
