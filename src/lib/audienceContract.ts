/** The audience's side of the studio backend (issue 32, CONTRACT.md "Audience"): what the attendee's page reads. */

export interface AttendeePage {
  eventId: string;
  title: string;
  requireEmail: boolean;
  chatEnabled: boolean;
  qnaEnabled: boolean;
  one2OneModChat: boolean;
  /** Who this browser is in the event, if it joined. */
  attendee: AttendeeSelf | null;
  /** This browser was removed by a moderator. */
  removed: boolean;
}

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
