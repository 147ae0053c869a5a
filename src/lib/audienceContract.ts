/** The audience's side of the studio backend (issue 32, CONTRACT.md "Audience"): what the attendee's page reads. */

export interface AttendeePage {
  eventId: string;
  title: string;
  requireEmail: boolean;
  chatEnabled: boolean;
  qnaEnabled: boolean;
  one2OneModChat: boolean;
  /** Attendees may raise a hand. */
  raiseHandEnabled: boolean;
  /** Only personal links admit (anyone else is told so instead of the join form). */
  invitedOnly: boolean;
  /** The personal link this page was opened with, when valid: the name it was made for. */
  invite: { name: string } | null;
  /** The moderators' announcement over the page; null: none. */
  banner: string | null;
  /** How many attendees are present, when the moderators show it; null: not shown. */
  attendeeCount: number | null;
  /** The event's brand colour (its channel's §3 primaryColor, `#rrggbb`) for the page's accents; null: the studio's. */
  brandColor: string | null;
  /** The public chat message a moderator put on stream, marked in the chat; null: none. */
  onStreamMessageId: string | null;
  /** Who this browser is in the event, if it joined. */
  attendee: AttendeeSelf | null;
  /** Their hand, once joined. */
  hand: AttendeeHand | null;
  /** This browser was removed by a moderator. */
  removed: boolean;
}

/** The attendee's raised hand, and their own guest invite once a moderator invited them on stage. */
export interface AttendeeHand {
  raised: boolean;
  stageInvite: string | null;
}

/** The audience settings a socket `settings` frame carries (the page's copy is replaced by them). */
export type AudienceSettings = Pick<AttendeePage, 'raiseHandEnabled' | 'banner' | 'attendeeCount'>;

export interface AttendeeSelf {
  id: string;
  name: string;
}

export type AttendeeChatTarget = 'public' | 'moderators';

/** A poll as an attendee sees it: its results once they voted, or once it ended. */
export interface AudiencePoll {
  pollGuid: string;
  question: string;
  options: { optionNumber: number; option: string }[];
  status: 'ACTIVE' | 'DONE';
  /** This attendee's option, once they voted. */
  myVote: number | null;
  results: { option: string; votes: number }[] | null;
}

/** §3 Answer as an attendee sees it (who answered by name only). */
export interface AudienceAnswer {
  content: string;
  anonymous: boolean;
  answerBy: { name: string };
  timestamp: number;
}

/**
 * §3 Question as an attendee sees it: a published one (ACTIVE), or one of their own (ASKED: waiting
 * for a moderator, DECLINED: not published). An anonymous question's initiator is 'Anonymous' for
 * everyone; who asked is never sent, only `mine` to the asker.
 */
export interface AudienceQuestion {
  id: string;
  content: string;
  status: 'ASKED' | 'ACTIVE' | 'DECLINED';
  anonymous: boolean;
  initiator: { name: string };
  timestamp: number;
  upvoteCount: number;
  answerCount: number;
  replyCount: number;
  answers: AudienceAnswer[];
  /** Only in what the asker is sent (their own questions); absent in what every attendee is sent. */
  mine?: boolean;
  /** This attendee upvoted it (only in answers to this attendee's own calls). */
  myUpvote?: boolean;
}

/** The attendee socket's `{ type: 'qna', qna }` frame: the §7 Event_QnA kinds, as an attendee sees them. */
export type AudienceQnaEvent =
  | { type: 'add' | 'update'; question: AudienceQuestion }
  | { type: 'delete'; id: string }
  | { type: 'upvote'; id: string; upvoteCount: number }
  | { type: 'answer'; id: string; answer: AudienceAnswer; answerCount: number; replyCount: number };
