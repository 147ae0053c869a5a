/**
 * The real-time messages of §7 the studio handles, as the event socket, the studio socket or the
 * demo audience deliver them. src/services/show/realtimeEvents.ts applies each to the stores; a backend
 * feeds it from its sockets, the demo from its simulators.
 */
import type { ChatMessageInput } from './chat/types';
import type { RaisedHand, RosterEntry } from './people/people';
import type { PollSocketNotification } from './polls/types';
import type { QnaEvent } from './qna/types';

export type RealtimeEvent =
  /** chat.msg (and the studio socket's chat new): a new or changed message. */
  | { type: 'chat.msg'; message: ChatMessageInput }
  /** msg Event_Chat DELETED (and the studio socket's chat delete). */
  | { type: 'Event_Chat'; action: 'DELETED'; id: string }
  /** chat.rateLimited with its retry-after in seconds (§8). */
  | { type: 'chat.rateLimited'; retryAfter: number }
  /** msg POLL: pollData and notificationType; DELETE removes, any other type updates or adds (§4). */
  | ({ type: 'POLL' } & PollSocketNotification)
  /** msg Event_QnA: question/answer add, update, delete, upvote (§4 Question). */
  | { type: 'Event_QnA'; qna: QnaEvent }
  /** msg Event_Roster: who the media roster lists now (§4 Participant presence). */
  | { type: 'Event_Roster'; participants: RosterEntry[] }
  /** msg Event_Attendees (issue 32): the newest attendees present (at most attendeePushLimit) and how many there are. */
  | { type: 'Event_Attendees'; participants: RosterEntry[]; count: number; hands?: RaisedHand[]; handCount?: number }
  /** msg Event_State and the studio server's broadcast states (§4 Broadcast states). */
  | { type: 'Event_State'; source: 'event-platform' | 'studio-server'; state: string };

/** Where a backend delivers events: the studio's one dispatcher (src/services/show/realtimeEvents.ts). */
export type Dispatch = (event: RealtimeEvent) => void;
