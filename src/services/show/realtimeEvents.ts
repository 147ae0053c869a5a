/**
 * The one dispatcher of §7 real-time events: each message the studio handles is applied to its
 * store through the store's actions. The demo's simulated audience feeds it today, a backend's
 * sockets later. A value that is unknown or malformed is logged and ignored: a socket message
 * never breaks the studio.
 */
import { isRecord } from '../../../compositor/model/json';
import { errorMessage, log } from '../../log';
import { useChatStore } from '../../state/chat/chatStore';
import { peopleActions } from '../../state/people/peopleStore';
import type { RaisedHand, RosterEntry } from '../../state/people/people';
import { usePollStore } from '../../state/polls/pollStore';
import { useQnaStore } from '../../state/qna/qnaStore';
import type { RealtimeEvent } from '../../state/realtimeEvent';
import { applyBroadcastEvent } from '../live/goLive';

const isId = (v: unknown): v is string => typeof v === 'string' && v !== '';
const ROLES: readonly unknown[] = ['Attendee', 'Panelist', 'Moderator'];

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 120) ?? String(value);
  } catch {
    return typeof value;
  }
}

/** What is wrong with a Q&A event, or null when it can be applied. */
function qnaProblem(qna: unknown): string | null {
  if (!isRecord(qna)) return 'Event_QnA without an event';
  switch (qna.type) {
    case 'add':
    case 'update':
      return isRecord(qna.question) && isId(qna.question.id) ? null : `Event_QnA ${qna.type} without a question id`;
    case 'delete':
    case 'upvote':
      return isId(qna.id) ? null : `Event_QnA ${qna.type} without an id`;
    case 'answer':
      return isId(qna.id) && isRecord(qna.answer) && typeof qna.answer.content === 'string' && isRecord(qna.answer.answerBy) ? null : 'Event_QnA answer without an id or answer';
    default:
      return `Event_QnA of unknown type ${describe(qna.type)}`;
  }
}

/** What is wrong with a value as a RealtimeEvent, or null when it is one the studio handles. */
function problem(raw: unknown): string | null {
  if (!isRecord(raw)) return `not an event: ${describe(raw)}`;
  switch (raw.type) {
    case 'chat.msg':
      return isRecord(raw.message) && isId(raw.message.id) ? null : 'chat.msg without a message id';
    case 'Event_Chat':
      return raw.action === 'DELETED' && isId(raw.id) ? null : `Event_Chat ${describe(raw.action)} without a DELETED message id`;
    case 'chat.rateLimited':
      return null; // the chat store checks the retry-after itself (§5: a non-number is logged)
    case 'POLL':
      return typeof raw.notificationType === 'string' && isRecord(raw.pollData) && isId(raw.pollData.pollGuid) ? null : 'POLL without a notificationType or a pollGuid';
    case 'Event_QnA':
      return qnaProblem(raw.qna);
    case 'Event_Roster':
      return Array.isArray(raw.participants) ? null : 'Event_Roster without a participant list';
    case 'Event_Attendees':
      return Array.isArray(raw.participants) && typeof raw.count === 'number' && raw.count >= 0 ? null : 'Event_Attendees without a participant list or a count';
    case 'Event_State':
      return (raw.source === 'event-platform' || raw.source === 'studio-server') && typeof raw.state === 'string' ? null : 'Event_State without a source or a state';
    default:
      return `unknown event type ${describe(raw.type)}`;
  }
}

/** Roster entries that name someone; the others are logged and left out. */
function rosterEntries(list: readonly unknown[]): RosterEntry[] {
  const ok = (e: unknown): e is RosterEntry => isRecord(e) && isId(e.id) && typeof e.name === 'string' && ROLES.includes(e.role) && typeof e.joinTime === 'number';
  const entries = list.filter(ok);
  if (entries.length < list.length) log.warn('realtime', `Event_Roster: ${list.length - entries.length} malformed participant(s) ignored`);
  return entries;
}

/** The raised hands an audience report carries (issue 32), those that name someone; undefined when it carries none. */
function raisedHands(event: { hands?: unknown; handCount?: unknown }): { hands: RaisedHand[]; count: number } | undefined {
  if (!Array.isArray(event.hands)) return undefined;
  const ok = (h: unknown): h is RaisedHand => isRecord(h) && isId(h.id) && typeof h.name === 'string' && typeof h.raisedAt === 'number' && typeof h.invited === 'boolean';
  const hands = event.hands.filter(ok);
  return { hands, count: typeof event.handCount === 'number' && event.handCount >= hands.length ? event.handCount : hands.length };
}

function apply(event: RealtimeEvent): void {
  switch (event.type) {
    case 'chat.msg':
      return useChatStore.getState().receive(event.message);
    case 'Event_Chat':
      return useChatStore.getState().applyDeleted(event.id);
    case 'chat.rateLimited':
      return useChatStore.getState().rateLimited(event.retryAfter);
    case 'POLL':
      return usePollStore.getState().applySocket({ notificationType: event.notificationType, pollData: event.pollData });
    case 'Event_QnA':
      return useQnaStore.getState().applyEvent(event.qna);
    case 'Event_Roster':
      return peopleActions.roster(rosterEntries(event.participants), Date.now());
    case 'Event_Attendees':
      return peopleActions.attendeeRoster(rosterEntries(event.participants), event.count, Date.now(), raisedHands(event));
    case 'Event_State':
      return applyBroadcastEvent({ source: event.source, state: event.state });
  }
}

/** Applies one real-time message (whatever arrived) to the stores; never throws. */
export function dispatch(raw: unknown): void {
  const wrong = problem(raw);
  if (wrong) {
    log.warn('realtime', `event ignored: ${wrong}`);
    return;
  }
  const event = raw as RealtimeEvent;
  try {
    apply(event);
  } catch (error) {
    log.warn('realtime', `${event.type} could not be applied: ${errorMessage(error)}`);
  }
}
