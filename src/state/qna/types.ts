/** §3 Question and Answer, and the socket-style events of §4 Question / §7 Real-time sockets. */

/** §4 Question: ASKED (incoming), ACTIVE (published), DECLINED. */
export type QuestionStatus = 'ASKED' | 'ACTIVE' | 'DECLINED';

export interface Answer {
  content: string;
  anonymous: boolean;
  answerBy: { name: string; endpointGuid: string };
  timestamp: number;
}

export interface Question {
  id: string;
  content: string;
  status: QuestionStatus;
  anonymous: boolean;
  initiator: { name: string };
  /** Epoch ms. */
  timestamp: number;
  upvoteCount: number;
  answerCount: number;
  replyCount: number;
  answers: Answer[];
}

/**
 * §7 Event_QnA question/answer add/delete/upvote. Counts, when the event carries them, are the
 * server's and replace ours; without them an upvote or answer adds one.
 */
export type QnaEvent =
  | { type: 'add' | 'update'; question: Partial<Question> & { id: string } }
  | { type: 'delete'; id: string }
  | { type: 'upvote'; id: string; upvoteCount?: number }
  | { type: 'answer'; id: string; answer: Answer; answerCount?: number; replyCount?: number };

/** The moderator's Q&A commands (src/services/audience/qna.ts); a failure is reported under this name. */
export type QnaCommand = 'publish' | 'decline' | 'delete' | 'reply' | 'announce';

/** §2 Q&A tabs. */
export type QnaTab = 'INCOMING' | 'PUBLISHED' | 'ANSWERED' | 'UNANSWERED';
/** §2 Q&A sort: Latest First (default) or Latest Last. */
export type QnaSort = 'LATEST_FIRST' | 'LATEST_LAST';
