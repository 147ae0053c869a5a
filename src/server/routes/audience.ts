/**
 * The audience's API (issue 32, CONTRACT.md "Audience"), under `{studioApi}/audience/{sharingUrl}`:
 * the event page as an attendee sees it, join, leave, the chat scrollback and sending, polls and Q&A. An attendee's
 * session is the `studio_attendee` cookie (HttpOnly, SameSite=Lax, its path this event's): nothing
 * a script can read, and an attendee of one event is nobody in another. Joins are limited per
 * address; writes (chat, questions, upvotes, votes, hands) per attendee (chat's §9 rule, QUESTION_RATE,
 * HAND_RATE, one vote or upvote each) and, on top, per address (AUDIENCE_ADDRESS_RATE); every text
 * goes through the text rule. tests/server/audienceSecurity.test.ts holds every route to that.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_TEXT_MAX } from '../limits';
import { cleanText } from '../../lib/text';
import { attendeeOfSession, joinEvent, leaveEvent, readJoin, type Attendee } from '../audience/attendees';
import { currentPoll, vote } from '../audience/polls';
import { handOf, HAND_RATE, setHand } from '../audience/hands';
import { INVITE_REVOKED_TEXT, INVITED_ONLY_TEXT, inviteOfToken } from '../audience/invites';
import { askQuestion, questionsFor, upvoteQuestion } from '../audience/questions';
import { takeToken } from '../cluster/rateBucket';
import { addressLimit, spendAddressToken } from '../audience/addressRate';
import { tokenHash } from '../auth';
import type { Ctx } from '../context';
import { ATTENDEE_REMOVED, badRequest, forbidden, HttpError, notFound, unauthorized } from '../errors';
import { findEvent, type EventRow } from '../events';
import { attendeeCount } from '../cluster/presence';
import { channelOfEvent, chatOnStreamId } from '../channels';
import { KEY } from '../../../compositor/sync/keyed';
import type { Queryable } from '../db/adapter';
import { CLOSE_KICKED } from '../sockets/messages';
import { audienceScrollback, MODERATORS, sendChat } from './chat';
import { STUDIO_API } from './channel';

export const AUDIENCE_API = `${STUDIO_API}/audience`;
export const ATTENDEE_COOKIE = 'studio_attendee';
/** Ours: joins from one address, at once and refilled over a minute (a classroom behind one NAT joins; a script does not flood). */
export const JOIN_RATE = { capacity: 30, windowMs: 60_000 };
/** A session lasts as long as an event can reasonably run (ours). */
export const ATTENDEE_SESSION_MAX_AGE_S = 24 * 60 * 60;
/** The close reason of a page that left the event (the socket of another tab of it closes too). */
export const LEFT_REASON = 'Left the event';
/** The close reason of a page whose personal link was opened in another browser. */
export const TAKEN_OVER_REASON = 'Joined from another browser';

type Params = { Params: { sharingUrl: string } };

/** The cookie's path: this event's audience API only. */
export const cookiePath = (sharingUrl: string) => `${AUDIENCE_API}/${encodeURIComponent(sharingUrl)}`;

async function eventOf(ctx: Ctx, sharingUrl: string): Promise<EventRow> {
  const event = await findEvent(ctx.db, 'sharing_url', sharingUrl);
  if (!event) throw notFound('No such event');
  return event;
}

/** The attendee of this request's cookie in the event, or 401 (no session) / 403 (removed). */
export async function requireAttendee(ctx: Ctx, req: FastifyRequest, event: EventRow): Promise<Attendee> {
  const attendee = await attendeeOfSession(ctx.db, event.id, req.cookies[ATTENDEE_COOKIE]);
  if (!attendee) throw unauthorized('Join the event first');
  if (attendee.removed) throw ATTENDEE_REMOVED();
  return attendee;
}

const setSession = (reply: FastifyReply, sharingUrl: string, session: string, secure: boolean) =>
  reply.setCookie(ATTENDEE_COOKIE, session, { httpOnly: true, sameSite: 'lax', secure, path: cookiePath(sharingUrl), maxAge: ATTENDEE_SESSION_MAX_AGE_S });

/** From the event's channel: the public message on stream (attendee pages mark it) and the brand colour (their accents). */
const fromChannel = async (db: Queryable, eventId: string) => {
  const channel = await channelOfEvent(db, eventId);
  const color = channel?.keyed[KEY.brand('primaryColor')];
  return { onStreamMessageId: channel ? chatOnStreamId(channel.keyed) : null, brandColor: typeof color === 'string' && HEX_COLOR.test(color) ? color : null };
};
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** What the attendee page shows besides the event: hands allowed, the moderators' banner, and the attendee count if they chose to show it. */
export async function audiencePageSettings(db: Queryable, event: EventRow) {
  return {
    raiseHandEnabled: event.raise_hand_enabled,
    banner: event.banner || null,
    attendeeCount: event.show_attendee_count ? await attendeeCount(db, event.id) : null,
  };
}

export function audienceRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db, hub } = ctx;

  /** The event page as this browser sees it: the event, the settings an attendee meets, and who they are here (if anyone). */
  app.get<Params & { Querystring: { invite?: string } }>(`${AUDIENCE_API}/:sharingUrl`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const invite = event.invited_only ? await inviteOfToken(db, event.id, req.query.invite) : null;
    const attendee = await attendeeOfSession(db, event.id, req.cookies[ATTENDEE_COOKIE]);
    const present = attendee && !attendee.removed ? attendee : null;
    return {
      eventId: event.id,
      title: event.title,
      requireEmail: event.require_email,
      chatEnabled: event.chat_enabled,
      qnaEnabled: event.qna_enabled,
      one2OneModChat: event.one2one_mod_chat,
      invitedOnly: event.invited_only,
      // The personal link this page was opened with, if it is valid: the form starts with its name.
      invite: invite ? { name: invite.name } : null,
      ...(await audiencePageSettings(db, event)),
      ...(await fromChannel(db, event.id)),
      attendee: present ? { id: present.id, name: present.name } : null,
      hand: present ? await handOf(db, ctx.serverKey, present.id) : null,
      removed: attendee?.removed ?? false,
    };
  });

  /** `{ raised }`: the attendee raises or lowers their hand (when the event allows hands); the producers see it. */
  app.post<Params>(`${AUDIENCE_API}/:sharingUrl/hand`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    if (!event.raise_hand_enabled) throw forbidden('Raising a hand is off for this event');
    const raised = ((req.body ?? {}) as Record<string, unknown>).raised;
    if (typeof raised !== 'boolean') throw badRequest('raised must be true or false');
    const retryAfter = await takeToken(db, `hand\n${attendee.id}`, HAND_RATE, ctx.now());
    if (retryAfter > 0) throw new HttpError(429, `You raised and lowered your hand too often. Try again in ${retryAfter}s.`, { 'Retry-After': String(retryAfter) });
    await spendAddressToken(addressLimit(ctx, event.id, req.ip));
    if (await setHand(db, attendee.id, raised, ctx.now())) hub.announceAttendees(event.id);
    return handOf(db, ctx.serverKey, attendee.id);
  });

  app.post<Params>(`${AUDIENCE_API}/:sharingUrl/join`, async (req, reply) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const form = readJoin(event, body);
    const retryAfter = await takeToken(db, `join\n${event.id}\n${req.ip}`, JOIN_RATE, ctx.now());
    if (retryAfter > 0) throw new HttpError(429, `Too many joins from this address. Try again in ${retryAfter}s.`, { 'Retry-After': String(retryAfter) });
    const invite = await inviteOfToken(db, event.id, body.invite);
    if (event.invited_only && !invite) throw new HttpError(403, body.invite ? INVITE_REVOKED_TEXT : INVITED_ONLY_TEXT, {}, 'INVITED_ONLY');
    const { attendee, session, takenOver } = await joinEvent(db, event, form, req.cookies[ATTENDEE_COOKIE], ctx.now(), event.invited_only ? invite : null);
    // The link's attendee in another browser: that page's session has ended.
    if (takenOver) hub.closeAttendee(event.id, attendee.id, CLOSE_KICKED, TAKEN_OVER_REASON, tokenHash(session));
    setSession(reply, req.params.sharingUrl, session, req.protocol === 'https');
    return { attendee: { id: attendee.id, name: attendee.name } };
  });

  app.post<Params>(`${AUDIENCE_API}/:sharingUrl/leave`, async (req, reply) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await attendeeOfSession(db, event.id, req.cookies[ATTENDEE_COOKIE]);
    reply.clearCookie(ATTENDEE_COOKIE, { path: cookiePath(req.params.sharingUrl) });
    if (attendee && !attendee.removed) {
      await leaveEvent(db, attendee.id, ctx.now());
      hub.closeAttendee(event.id, attendee.id, CLOSE_KICKED, LEFT_REASON);
    }
    return {};
  });

  /** The live poll (or the last one ended), with this attendee's vote and, once they voted or it ended, its results. */
  app.get<Params>(`${AUDIENCE_API}/:sharingUrl/poll`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    return { poll: await currentPoll(db, event.id, attendee.id) };
  });

  /** `{ optionNumber }`: one vote per attendee and poll (409 for a second, or once the poll ended). */
  app.post<Params & { Params: { pollGuid: string } }>(`${AUDIENCE_API}/:sharingUrl/poll/:pollGuid/vote`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    const optionNumber = ((req.body ?? {}) as Record<string, unknown>).optionNumber;
    // Before the vote's transaction: a refused vote (a second one, an unknown poll) costs its lock too.
    await spendAddressToken(addressLimit(ctx, event.id, req.ip));
    return { poll: await vote(ctx, event.id, req.params.pollGuid, attendee.id, optionNumber, ctx.now()) };
  });

  /** Q&A: the published questions and this attendee's own (waiting or declined), with their upvotes and answers. */
  app.get<Params>(`${AUDIENCE_API}/:sharingUrl/qna`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    return { questions: await questionsFor(db, event, attendee.id) };
  });

  /** `{ content, anonymous? }`: a question for the moderators (published at once with qnaAutoApprove). */
  app.post<Params>(`${AUDIENCE_API}/:sharingUrl/qna`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    return { question: await askQuestion(ctx, event, attendee, (req.body ?? {}) as Record<string, unknown>, ctx.now(), addressLimit(ctx, event.id, req.ip)) };
  });

  /** One upvote per attendee and published question. */
  app.post<Params & { Params: { id: string } }>(`${AUDIENCE_API}/:sharingUrl/qna/:id/upvote`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    await spendAddressToken(addressLimit(ctx, event.id, req.ip));
    return { question: await upvoteQuestion(ctx, event, attendee.id, req.params.id, ctx.now()) };
  });

  app.get<Params>(`${AUDIENCE_API}/:sharingUrl/chat`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    if (!event.chat_enabled) return [];
    return audienceScrollback(db, event.id, attendee.id);
  });

  /** `{ text, to: 'public' | 'moderators' }`: the public chat, or privately to the moderators when the event allows it. */
  app.post<Params>(`${AUDIENCE_API}/:sharingUrl/chat`, async (req) => {
    const event = await eventOf(ctx, req.params.sharingUrl);
    const attendee = await requireAttendee(ctx, req, event);
    if (!event.chat_enabled) throw forbidden('The chat of this event is off');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const to = body.to === 'moderators' ? 'moderators' : body.to === 'public' || body.to === undefined ? 'public' : null;
    if (!to) throw badRequest('to must be public or moderators');
    if (to === 'moderators' && !event.one2one_mod_chat) throw forbidden('Private messages to the moderators are off for this event');
    const raw = typeof body.text === 'string' ? body.text : '';
    if ([...raw].length > CHAT_TEXT_MAX) throw badRequest(`The message is longer than ${CHAT_TEXT_MAX} characters`);
    const text = cleanText(raw, { max: CHAT_TEXT_MAX, multiline: true }).text;
    if (!text) throw badRequest('The message is empty');
    const sender = { guid: attendee.id, name: attendee.name, role: 'Attendee' };
    return sendChat(
      ctx,
      { eventId: event.id, kind: to === 'public' ? 'public' : 'private', text, tag: to === 'public' ? 'public' : 'moderator_question', sender, receiver: to === 'public' ? null : MODERATORS },
      { rateKey: attendee.id, rateLimited: (retryAfter) => hub.pushAudience(event.id, { type: 'chat.rateLimited', retryAfter }, attendee.id), shared: addressLimit(ctx, event.id, req.ip) },
    );
  });
}
