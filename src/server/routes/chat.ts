/**
 * Chat (§7, CONTRACT.md): send, scrollback per kind, contacts, delete. A new message is pushed as
 * `{ type: 'chat.msg', message }` (private ones only to the two people concerned), a deletion as
 * `Event_Chat DELETED`. Per user, RATE_MAX messages at once, refilled over RATE_WINDOW_MS (a token
 * bucket every backend process shares): past that the send answers 429 with `Retry-After` and the
 * user's sockets get `{ type: 'chat.rateLimited', retryAfter }`.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { requireEventAccess } from '../auth';
import type { Ctx } from '../context';
import { json } from '../db/adapter';
import { badRequest, HttpError, notFound } from '../errors';
import { guidsOfUser, othersOnRoster } from '../cluster/presence';
import { takeToken } from '../cluster/rateBucket';
import { getUser } from '../users';
import { CHAT_TEXT_MAX, SHORT_TEXT_MAX } from '../limits';
import { API, requireInstance } from './events';

/** §9 Text limits: chat 500. */
export const CHAT_MAX = CHAT_TEXT_MAX;
export const RATE_MAX = 5;
export const RATE_WINDOW_MS = 10_000;
const KINDS = ['public', 'private', 'backstage', 'moderator'] as const;
type Kind = (typeof KINDS)[number];
const SCROLLBACK = 200;

interface Participant {
  guid: string;
  name: string;
  role: string;
  firstname?: string;
  lastname?: string;
  userId?: string;
}
interface MessageRow {
  id: string;
  event_id: string;
  kind: Kind;
  body: string;
  tag: string;
  sender: Participant;
  sender_user_id: string | null;
  receiver: Participant | null;
  ts: number;
  delete_date: number;
}

/** A stored message as ChatMessageInput (src/state/chat/types.ts). */
const toMessage = (r: MessageRow) => ({
  id: r.id,
  body: r.body,
  timestamp: r.ts,
  tag: r.tag,
  sender: r.sender,
  receiver: r.receiver,
  eventGuid: r.event_id,
  privateChat: r.kind === 'private',
  moderatorPresenterChat: r.kind === 'backstage',
  moderatorChat: r.kind === 'moderator',
  isSelf: false,
  isUnread: false,
  onStreamDate: 0,
  deleteDate: r.delete_date,
});

export function chatRoutes(app: FastifyInstance, { db, hub }: Ctx): void {
  const guidOf = async (eventId: string, userId: string) => (await guidsOfUser(db, eventId, userId))[0] ?? userId;

  app.post<{ Params: { eventId: string; instanceId: string } }>(`${API}/chat/v1/events/:eventId/instances/:instanceId/chat`, async (req, reply) => {
    const { eventId } = req.params;
    const me = await requireEventAccess(db, req, eventId);
    await requireInstance(db, eventId, req.params.instanceId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const kind = body.channel as Kind;
    if (!KINDS.includes(kind)) throw badRequest(`channel must be one of ${KINDS.join(', ')}`);
    const text = typeof body.text === 'string' ? body.text : '';
    if (!text.trim()) throw badRequest('The message is empty');
    if ([...text].length > CHAT_MAX) throw badRequest(`The message is longer than ${CHAT_MAX} characters`);
    let receiver: Participant | null = null;
    if (kind === 'private') {
      const r = body.recipient as Record<string, unknown> | undefined;
      if (!r || typeof r.guid !== 'string' || !r.guid) throw badRequest('A private message needs a recipient');
      receiver = { guid: r.guid.slice(0, SHORT_TEXT_MAX), name: typeof r.name === 'string' ? r.name.slice(0, SHORT_TEXT_MAX) : '', role: typeof r.role === 'string' ? r.role.slice(0, SHORT_TEXT_MAX) : 'Attendee' };
    }
    const retryAfter = await takeToken(db, `chat\n${me}`, { capacity: RATE_MAX, windowMs: RATE_WINDOW_MS }, Date.now());
    if (retryAfter > 0) {
      hub.pushEvent(eventId, { type: 'chat.rateLimited', retryAfter }, { userId: me });
      reply.header('Retry-After', String(retryAfter));
      throw new HttpError(429, `Too many messages being sent right now. Chat will resume in ${retryAfter}s ...`, { 'Retry-After': String(retryAfter) });
    }
    const user = await getUser(db, me);
    const row: MessageRow = {
      id: randomUUID(),
      event_id: eventId,
      kind,
      body: text,
      tag: typeof body.tag === 'string' && body.tag ? body.tag.slice(0, SHORT_TEXT_MAX) : kind,
      sender: { guid: await guidOf(eventId, me), name: `${user.firstName} ${user.lastName}`, firstname: user.firstName, lastname: user.lastName, role: 'Moderator', userId: me },
      sender_user_id: me,
      receiver,
      ts: Date.now(),
      delete_date: 0,
    };
    await db.transaction((tx) =>
      tx.query('INSERT INTO chat_messages (id, event_id, kind, body, tag, sender, sender_user_id, receiver, ts) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9)', [
        row.id,
        eventId,
        kind,
        row.body,
        row.tag,
        json(row.sender),
        me,
        receiver ? json(receiver) : null,
        row.ts,
      ]),
    );
    const message = toMessage(row);
    hub.pushEvent(eventId, { type: 'chat.msg', message }, kind === 'private' ? { userId: me, guids: receiver ? [receiver.guid] : [] } : undefined);
    return message;
  });

  const scrollback = async (eventId: string, me: string, kind: Kind) => {
    const mine = kind === 'private' ? "AND (sender_user_id = $3 OR receiver->>'guid' = ANY($4::text[]))" : '';
    const params: unknown[] = [eventId, kind];
    if (kind === 'private') params.push(me, [me, ...(await guidsOfUser(db, eventId, me))]);
    const rows = await db.query<MessageRow>(
      `SELECT * FROM (SELECT * FROM chat_messages WHERE event_id = $1 AND kind = $2 AND delete_date = 0 ${mine} ORDER BY ts DESC LIMIT ${SCROLLBACK}) m ORDER BY ts ASC`,
      params,
    );
    return rows.map(toMessage);
  };

  type InstanceParams = { Params: { eventId: string; instanceId: string }; Querystring: { private?: string } };
  app.get<InstanceParams>(`${API}/chat/v1/events/:eventId/instances/:instanceId/moderatorchat/scrollback`, async (req) =>
    scrollback(req.params.eventId, await requireEventAccess(db, req, req.params.eventId), 'moderator'),
  );
  app.get<InstanceParams>(`${API}/chat/v1/events/:eventId/instances/:instanceId/moderator/presenter/chat/scrollback`, async (req) =>
    scrollback(req.params.eventId, await requireEventAccess(db, req, req.params.eventId), 'backstage'),
  );
  app.get<InstanceParams>(`${API}/chat/v1/events/:eventId/chat/scrollback/moderator/:instanceId`, async (req) =>
    scrollback(req.params.eventId, await requireEventAccess(db, req, req.params.eventId), req.query.private === 'true' ? 'private' : 'public'),
  );

  /** Decided here: the people the moderator can write to directly (ChatParticipant[]): the others on the roster. */
  app.get<InstanceParams>(`${API}/chat/v1/events/:eventId/chat/moderator/:instanceId`, async (req) => {
    const me = await requireEventAccess(db, req, req.params.eventId);
    return (await othersOnRoster(db, req.params.eventId, me)).map((e) => ({ guid: e.id, name: e.name, role: e.role }));
  });

  /** Decided here (§7 "not shown"): GET .../instances/{instanceId}/attendeecount → { attendeeCount, interactiveCount }. */
  app.get<InstanceParams>(`${API}/chat/v1/events/:eventId/instances/:instanceId/attendeecount`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    return { attendeeCount: 0, interactiveCount: (await hub.roster(req.params.eventId)).length };
  });

  app.delete<{ Params: { eventId: string; messageId: string } }>(`${API}/chat/v1/events/:eventId/chat/:messageId`, async (req) => {
    const { eventId, messageId } = req.params;
    await requireEventAccess(db, req, eventId);
    const deleted = await db.transaction((tx) => tx.query('UPDATE chat_messages SET delete_date = $3 WHERE id = $1 AND event_id = $2 AND delete_date = 0 RETURNING id', [messageId, eventId, Date.now()]));
    if (!deleted.length) throw notFound('No such message');
    hub.pushEventMsg(eventId, { type: 'Event_Chat', action: 'DELETED', id: messageId });
    return {};
  });
}
