/**
 * The demo's audience host (issue 32): in the demo studio tab that holds the room, it answers the
 * attendee pages' calls as the studio backend's audience API would (join, leave, chat, send, poll,
 * vote, and Q&A's questions, ask and upvote in attendeeQnaHost.ts) and sends them the attendee socket's frames. What an attendee does reaches the studio as the
 * backend's events (chat.msg, Event_Attendees, POLL, Event_QnA) through the studio's one dispatcher; what the
 * moderator does (a public message, a reply, a delete, a poll started or ended, a question moderated, a removal) reaches
 * the pages. The simulated audience runs on beside them: its events pass through here.
 */
import type { AttendeePage, AudiencePoll } from '../../lib/audienceContract';
import { NAME_MAX } from '../../lib/limits';
import { cleanText } from '../../lib/text';
import type { Frame } from '../../services/watch/attendeePort';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from '../../lib/socketClose';
import { CHAT_MAX } from '../../state/chat/limits';
import type { ChatMessageInput } from '../../state/chat/types';
import type { RosterEntry } from '../../state/people/people';
import { alignResults, normalizeStatus } from '../../state/polls/rules';
import type { Poll } from '../../state/polls/types';
import type { Question } from '../../state/qna/types';
import type { Dispatch, RealtimeEvent } from '../../state/realtimeEvent';
import { realClock, type Clock } from '../../lib/clock';
import { DEMO_RATE_LIMIT } from './chatService';
import { createQnaHost, type QnaHostStudio } from './attendeeQnaHost';
import { roomError, type AttendeeRoomMessage, type AttendeeRoomTransport, type DemoIdentity } from './attendeeRoom';

/** A page unheard of this long (it pings every couple of seconds) has closed: off the roster, as a closed socket is. */
export const ATTENDEE_GONE_MS = 10_000;
/** Poll results move with every simulated vote: the pages re-read them at most this often (the backend's push window). */
export const POLL_FRAME_MS = 500;
/** What a page reads at join: the newest messages, as the server's scrollback (200). */
export const HOST_SCROLLBACK = 200;
/** The studio backend's recipient of an attendee's private message (src/server/routes/chat.ts MODERATORS). */
const MODERATORS = { guid: 'moderators', name: 'Moderators', role: 'Moderator' } as const;

export interface AttendeeHostStudio {
  /** The event as its page shows it. */
  page: Omit<AttendeePage, 'attendee' | 'removed' | 'hand' | 'onStreamMessageId' | 'brandColor'>;
  /** The studio's dispatcher. */
  dispatch: Dispatch;
  /** The demo poll server's polls. */
  polls(): readonly Poll[];
  /** Records a poll event at the poll server, then passes it to the studio (through this host). */
  recordPoll(event: RealtimeEvent & { type: 'POLL' }): void;
  /** The public chat the studio loaded at its start. */
  history(): readonly ChatMessageInput[];
  /** The channel's brand colour as it is now (the page's accents). */
  brandColor?(): string;
  /** The demo Q&A server's questions and the event's Q&A settings. */
  qna: QnaHostStudio;
}

export interface AttendeeHost {
  /** Where the simulated audience emits: roster reports gain the real attendees, chat is kept for the pages, poll updates reach them. */
  through: Dispatch;
  /** The moderator sent a message; true when it was a reply to a real attendee (no simulated answer then). */
  moderatorSent(message: ChatMessageInput): boolean;
  /** The moderator deleted a message. */
  deleted(id: string): void;
  /** A poll started, ended or was deleted. */
  pollChanged(): void;
  /** The moderator published, declined, deleted or answered a question: as it was, and as it is (undefined once deleted). */
  qnaChanged(before: Question, after: Question | undefined): void;
  /** The moderator removed an attendee. */
  remove(id: string): void;
  /** The moderator put a public message on stream (null: took it off): the pages mark it. */
  onStream(id: string | null): void;
  /** Answers the pages over `transport` (this tab was elected); returns the stop. */
  serve(transport: AttendeeRoomTransport): () => void;
}

export interface AttendeeHostOptions {
  studio: AttendeeHostStudio;
  now?: () => number;
  clock?: Clock;
  newId?: () => string;
  rateLimit?: { max: number; windowMs: number; retryAfterS: number };
}

const isPublic = (m: ChatMessageInput) => !m.privateChat && !m.moderatorPresenterChat && !m.moderatorChat;
const removedError = () => roomError(403, 'You were removed from this event by a moderator.', { code: 'ATTENDEE_REMOVED' });
const randomId = () => `demo-attendee-${Math.random().toString(36).slice(2, 10)}`;

export function createAttendeeHost({ studio, now = Date.now, clock = realClock, newId = randomId, rateLimit = DEMO_RATE_LIMIT }: AttendeeHostOptions): AttendeeHost {
  const present = new Map<string, { entry: RosterEntry; seen: number }>();
  const removed = new Set<string>();
  const votes = new Map<string, Map<string, number>>();
  const sends = new Map<string, number[]>();
  let log: ChatMessageInput[] = studio.history().filter(isPublic).slice(-HOST_SCROLLBACK);
  let simulated: { participants: RosterEntry[]; count: number } = { participants: [], count: 0 };
  let transport: AttendeeRoomTransport | null = null;
  /** The public message on stream (the chat store's, told by the hosting). */
  let streamed: string | null = null;
  let pollTimer: unknown = null;

  const frame = (to: string | null, f: Frame, except?: string) => transport?.post({ type: 'frame', to, ...(except === undefined ? {} : { except }), frame: f });
  const qna = createQnaHost({ studio: studio.qna, now, push: (event, to, except) => frame(to, { type: 'qna', qna: event }, except) });
  const isRemoved = (me: DemoIdentity) => removed.has(me.id) || me.removed === true;
  const real = () => [...present.values()].filter((p) => now() - p.seen < ATTENDEE_GONE_MS).map((p) => p.entry);

  /** The roster report the studio gets: the simulated audience's (less whom the moderator removed) and the real attendees. */
  function report(): void {
    const sims = simulated.participants.filter((p) => !removed.has(p.id));
    const mine = real();
    studio.dispatch({ type: 'Event_Attendees', participants: [...sims, ...mine], count: simulated.count - (simulated.participants.length - sims.length) + mine.length });
  }

  function keep(message: ChatMessageInput): void {
    log = [...log, message].slice(-HOST_SCROLLBACK);
    const to = isPublic(message) ? null : [message.sender?.guid, message.receiver?.guid].find((g) => g && present.has(g));
    if (to !== undefined) frame(to, { type: 'chat.msg', message });
  }

  function requireAttendee(me: DemoIdentity | null): DemoIdentity {
    if (!me) throw roomError(401, 'Join the event first');
    if (isRemoved(me)) throw removedError();
    const known = present.get(me.id);
    if (known) known.seen = now();
    return me;
  }

  function limited(id: string): void {
    const at = now();
    const recent = (sends.get(id) ?? []).filter((t) => at - t < rateLimit.windowMs);
    if (recent.length >= rateLimit.max) throw roomError(429, `Too many messages. Try again in ${rateLimit.retryAfterS}s.`, { retryAfter: rateLimit.retryAfterS });
    sends.set(id, [...recent, at]);
  }

  /** The live poll, else the last one ended, as this attendee sees it (results once they voted or it ended). */
  function pollFor(id: string): AudiencePoll | null {
    const all = studio.polls();
    const poll = all.find((p) => normalizeStatus(p.status) === 'ACTIVE') ?? all.filter((p) => normalizeStatus(p.status) === 'DONE').at(-1);
    if (!poll) return null;
    const status = normalizeStatus(poll.status) === 'DONE' ? 'DONE' : 'ACTIVE';
    const myVote = votes.get(poll.pollGuid)?.get(id) ?? null;
    return { pollGuid: poll.pollGuid, question: poll.question, options: poll.options, status, myVote, results: myVote !== null || status === 'DONE' ? alignResults(poll) : null };
  }

  /** The audience API's calls by AttendeeClient method name: a new call is one more entry. */
  const calls: Record<string, (me: DemoIdentity | null, args: unknown[]) => unknown> = {
    page: (me) => {
      const attendee = me && !isRemoved(me) ? { id: me.id, name: me.name } : null;
      return { ...studio.page, brandColor: studio.brandColor?.() ?? null, onStreamMessageId: streamed, attendee, hand: attendee ? { raised: false, stageInvite: null } : null, removed: !!me && isRemoved(me) };
    },
    // The demo's event does not let hands be raised (nobody real could come on stage); the server's answer.
    hand: () => {
      throw roomError(403, 'Raising a hand is off for this event');
    },
    join(me, [form]) {
      const raw = (form as { name?: unknown } | undefined)?.name;
      const name = cleanText(typeof raw === 'string' ? raw : '', { max: NAME_MAX, multiline: false }).text;
      // The server's ATTENDEE_TEXTS.nameMissing.
      if (!name) throw roomError(400, 'Please enter your name.');
      if (me && isRemoved(me)) throw removedError();
      // A tab that is an attendee already stays that attendee, under the new name (as the server does).
      const id = me?.id ?? newId();
      present.set(id, { entry: { id, name, role: 'Attendee', joinTime: now(), audioMute: true, videoMute: true }, seen: now() });
      report();
      return { attendee: { id, name } };
    },
    leave(me) {
      if (me && present.delete(me.id)) report();
      return undefined;
    },
    chat(me) {
      const { id } = requireAttendee(me);
      if (!studio.page.chatEnabled) return [];
      return log.filter((m) => isPublic(m) || m.sender?.guid === id || m.receiver?.guid === id);
    },
    send(me, [text, to]) {
      const { id, name } = requireAttendee(me);
      if (!studio.page.chatEnabled) throw roomError(403, 'The chat of this event is off');
      if (to !== 'public' && to !== 'moderators') throw roomError(400, 'to must be public or moderators');
      if (to === 'moderators' && !studio.page.one2OneModChat) throw roomError(403, 'Private messages to the moderators are off for this event');
      const body = cleanText(typeof text === 'string' ? text : '', { max: CHAT_MAX, multiline: true }).text;
      if (!body) throw roomError(400, 'The message is empty');
      limited(id);
      const priv = to === 'moderators';
      const message: ChatMessageInput = {
        id: `${id}-msg-${now()}-${log.length}`,
        body,
        timestamp: now(),
        tag: priv ? 'moderator_question' : 'public',
        sender: { guid: id, name, role: 'Attendee' },
        receiver: priv ? MODERATORS : null,
        privateChat: priv,
      };
      keep(message);
      studio.dispatch({ type: 'chat.msg', message });
      return message;
    },
    poll: (me) => ({ poll: pollFor(requireAttendee(me).id) }),
    vote(me, [pollGuid, optionNumber]) {
      const { id } = requireAttendee(me);
      const poll = studio.polls().find((p) => p.pollGuid === pollGuid);
      if (!poll) throw roomError(404, 'No such poll');
      if (normalizeStatus(poll.status) !== 'ACTIVE') throw roomError(409, 'This poll is not open for votes');
      const index = poll.options.findIndex((o) => o.optionNumber === optionNumber);
      if (index < 0) throw roomError(400, 'optionNumber must be one of the poll’s options');
      const mine = votes.get(poll.pollGuid) ?? new Map<string, number>();
      if (mine.has(id)) throw roomError(409, 'You voted in this poll already');
      votes.set(poll.pollGuid, mine.set(id, optionNumber as number));
      const results = alignResults(poll).map((r, i) => (i === index ? { ...r, votes: r.votes + 1 } : r));
      studio.recordPoll({ type: 'POLL', notificationType: 'UPDATE', pollData: { pollGuid: poll.pollGuid, results } });
      return { poll: pollFor(id) };
    },
    questions: (me) => qna.questions(requireAttendee(me)),
    ask: (me, [content, anonymous]) => qna.ask(requireAttendee(me), content, anonymous),
    upvote: (me, [id]) => qna.upvote(requireAttendee(me), id),
  };

  /** The attendee socket's registration: `joined`, or refused as the server's socket would be. */
  function hello(from: string, me: DemoIdentity | null): void {
    if (!me) return frame(from, { type: 'refused', code: CLOSE_UNAUTHORIZED });
    if (isRemoved(me)) return frame(from, { type: 'refused', code: CLOSE_FORBIDDEN });
    const known = present.get(me.id);
    present.set(me.id, { entry: known?.entry ?? { id: me.id, name: me.name, role: 'Attendee', joinTime: now(), audioMute: true, videoMute: true }, seen: now() });
    frame(from, { type: 'joined', attendee: { id: me.id, name: me.name } });
    report();
  }

  function answer(m: AttendeeRoomMessage & { type: 'call' }): void {
    const call = calls[m.method];
    try {
      if (!call) throw roomError(404, `No such call: ${m.method}`);
      transport?.post({ type: 'answer', id: m.id, to: m.from, ok: true, value: call(m.me, m.args) });
    } catch (error) {
      const e = typeof error === 'object' && error !== null && 'status' in error ? (error as ReturnType<typeof roomError>) : roomError(500, String(error));
      transport?.post({ type: 'answer', id: m.id, to: m.from, ok: false, error: e });
    }
  }

  function onMessage(m: AttendeeRoomMessage): void {
    if (m.type === 'call') return answer(m);
    if (m.type === 'hello') return hello(m.from, m.me);
    if (m.type === 'ping') {
      const known = m.me && present.get(m.me.id);
      if (known) known.seen = now();
      return transport?.post({ type: 'pong', to: m.from });
    }
    if (m.type === 'bye' && m.me && present.delete(m.me.id)) report();
  }

  return {
    through(event) {
      if (event.type === 'Event_Attendees') {
        simulated = { participants: event.participants, count: event.count };
        return report();
      }
      if (event.type === 'chat.msg' && isPublic(event.message)) keep(event.message);
      if (event.type === 'Event_QnA') qna.through(event.qna);
      if (event.type === 'POLL' && pollTimer === null)
        pollTimer = clock.setTimeout(() => {
          pollTimer = null;
          frame(null, { type: 'poll' });
        }, POLL_FRAME_MS);
      studio.dispatch(event);
    },
    moderatorSent(message) {
      const toAttendee = !!message.receiver?.guid && present.has(message.receiver.guid);
      if (isPublic(message) || toAttendee) keep(message);
      return toAttendee;
    },
    deleted(id) {
      if (!log.some((m) => m.id === id)) return;
      log = log.filter((m) => m.id !== id);
      frame(null, { type: 'chat.deleted', id });
    },
    pollChanged: () => frame(null, { type: 'poll' }),
    onStream(id) {
      if (id === streamed) return;
      streamed = id;
      frame(null, { type: 'chat.onStream', id });
    },
    qnaChanged: (before, after) => qna.moderated(before, after),
    remove(id) {
      removed.add(id);
      present.delete(id);
      frame(id, { type: 'attendee.removed' });
      report();
    },
    serve(next) {
      transport = next;
      const unlisten = next.listen(onMessage);
      next.post({ type: 'host' });
      return () => {
        unlisten();
        clock.clearTimeout(pollTimer);
        pollTimer = null;
        transport = null;
      };
    },
  };
}
