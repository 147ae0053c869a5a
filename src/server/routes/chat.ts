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
import { attendeeCount, guidsOfUser, othersOnRoster } from '../cluster/presence';
import { takeToken } from '../cluster/rateBucket';
import type { SharedLimit } from '../audience/addressRate';
import { getUser } from '../users';
import { isAttendee } from '../audience/attendees';
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

/** A message to send: who sends it, to whom, and its text (already checked against CHAT_MAX). */
export interface ChatSend {
  eventId: string;
  kind: Kind;
  text: string;
  tag: string;
  sender: Participant;
  receiver: Participant | null;
}

/** The audience's side of private chat: an attendee writes to the moderators as one (§3 one2OneModChat). */
export const MODERATORS: Participant = { guid: 'moderators', name: 'Moderators', role: 'Moderator' };

/**
 * Stores a message and pushes it to whoever may read it: a public message and its deletion to the
 * audience too; a private one to its sender and receiver (an attendee's to every producer, a reply to
 * that attendee's page); backstage and moderator chat never to the audience. Per sender, RATE_MAX
 * messages at once (429 with Retry-After past it, after telling `rateLimited`); then, if given, a
 * limit the sender shares with others (an attendee's address: audience/addressRate.ts), the same way.
 */
export async function sendChat(
  { db, hub }: Pick<Ctx, 'db' | 'hub'>,
  m: ChatSend,
  rate: { rateKey: string; rateLimited(retryAfter: number): void; shared?: SharedLimit },
): Promise<ReturnType<typeof toMessage>> {
  let retryAfter = await takeToken(db, `chat\n${rate.rateKey}`, { capacity: RATE_MAX, windowMs: RATE_WINDOW_MS }, Date.now());
  let refusal = `Too many messages being sent right now. Chat will resume in ${retryAfter}s ...`;
  if (retryAfter === 0 && rate.shared) {
    retryAfter = await rate.shared.take();
    refusal = rate.shared.message(retryAfter);
  }
  if (retryAfter > 0) {
    rate.rateLimited(retryAfter);
    throw new HttpError(429, refusal, { 'Retry-After': String(retryAfter) });
  }
  const row: MessageRow = { id: randomUUID(), event_id: m.eventId, kind: m.kind, body: m.text, tag: m.tag, sender: m.sender, sender_user_id: m.sender.userId ?? null, receiver: m.receiver, ts: Date.now(), delete_date: 0 };
  await db.transaction((tx) =>
    tx.query('INSERT INTO chat_messages (id, event_id, kind, body, tag, sender, sender_user_id, receiver, ts) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9)', [
      row.id,
      row.event_id,
      row.kind,
      row.body,
      row.tag,
      json(row.sender),
      row.sender_user_id,
      row.receiver ? json(row.receiver) : null,
      row.ts,
    ]),
  );
  const message = toMessage(row);
  const push = { type: 'chat.msg', message };
  if (m.kind === 'public') hub.pushAudience(m.eventId, push);
  if (m.kind !== 'private') hub.pushEvent(m.eventId, push);
  else if (m.sender.role === 'Attendee') {
    hub.pushEvent(m.eventId, push, { producers: true });
    hub.pushAudience(m.eventId, push, m.sender.guid);
  } else {
    hub.pushEvent(m.eventId, push, { userId: m.sender.userId, guids: m.receiver ? [m.receiver.guid] : [] });
    if (m.receiver?.role === 'Attendee') hub.pushAudience(m.eventId, push, m.receiver.guid);
  }
  return message;
}

/** What an attendee's page reads at join: the public chat, and their own conversation with the moderators. */
export async function audienceScrollback(db: Ctx['db'], eventId: string, attendeeId: string): Promise<ReturnType<typeof toMessage>[]> {
  const rows = await db.query<MessageRow>(
    `SELECT * FROM (SELECT * FROM chat_messages WHERE event_id = $1 AND delete_date = 0
       AND (kind = 'public' OR (kind = 'private' AND (sender->>'guid' = $2 OR receiver->>'guid' = $2)))
       ORDER BY ts DESC LIMIT ${SCROLLBACK}) m ORDER BY ts ASC`,
    [eventId, attendeeId],
  );
  return rows.map(toMessage);
}

export function chatRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db, hub } = ctx;
  const guidOf = async (eventId: string, userId: string) => (await guidsOfUser(db, eventId, userId))[0] ?? userId;

  app.post<{ Params: { eventId: string; instanceId: string } }>(`${API}/chat/v1/events/:eventId/instances/:instanceId/chat`, async (req) => {
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
      // Whether the reply reaches an attendee's page is the server's to know, not the caller's to say.
      receiver.role = (await isAttendee(db, eventId, receiver.guid)) ? 'Attendee' : receiver.role === 'Attendee' ? 'Panelist' : receiver.role;
    }
    const user = await getUser(db, me);
    const sender = { guid: await guidOf(eventId, me), name: `${user.firstName} ${user.lastName}`, firstname: user.firstName, lastname: user.lastName, role: 'Moderator', userId: me };
    const tag = typeof body.tag === 'string' && body.tag ? body.tag.slice(0, SHORT_TEXT_MAX) : kind;
    return sendChat(ctx, { eventId, kind, text, tag, sender, receiver }, { rateKey: me, rateLimited: (retryAfter) => hub.pushEvent(eventId, { type: 'chat.rateLimited', retryAfter }, { userId: me }) });
  });

  const scrollback = async (eventId: string, me: string, kind: Kind) => {
    // A producer's private chat: theirs, and what attendees wrote to the moderators.
    const mine = kind === 'private' ? "AND (sender_user_id = $3 OR receiver->>'guid' = ANY($4::text[]))" : '';
    const params: unknown[] = [eventId, kind];
    if (kind === 'private') params.push(me, [me, MODERATORS.guid, ...(await guidsOfUser(db, eventId, me))]);
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
    return { attendeeCount: await attendeeCount(db, req.params.eventId), interactiveCount: (await hub.roster(req.params.eventId)).length };
  });

  app.delete<{ Params: { eventId: string; messageId: string } }>(`${API}/chat/v1/events/:eventId/chat/:messageId`, async (req) => {
    const { eventId, messageId } = req.params;
    await requireEventAccess(db, req, eventId);
    const deleted = await db.transaction((tx) => tx.query('UPDATE chat_messages SET delete_date = $3 WHERE id = $1 AND event_id = $2 AND delete_date = 0 RETURNING id', [messageId, eventId, Date.now()]));
    if (!deleted.length) throw notFound('No such message');
    hub.pushEventMsg(eventId, { type: 'Event_Chat', action: 'DELETED', id: messageId });
    hub.pushAudience(eventId, { type: 'chat.deleted', id: messageId });
    return {};
  });
}
