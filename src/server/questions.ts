/** A question as stored (`questions`), and as the studio reads it (§3 Question): shared by the studio's routes and the audience's. */
import { ANONYMOUS } from '../lib/audienceQna';

/** §3 Answer, as stored. */
export interface AnswerRow {
  content: string;
  anonymous: boolean;
  answerBy: { name: string; endpointGuid: string };
  timestamp: number;
}

export interface QuestionRow {
  id: string;
  content: string;
  status: string;
  anonymous: boolean;
  /** Who asked, by name: kept for an anonymous question too, but never sent (see toQuestion). */
  initiator: { name: string };
  ts: number;
  upvote_count: number;
  answers: AnswerRow[];
  /** The attendee who asked (issue 32), or null (asked before attendees were kept, or that attendee is gone). */
  attendee_id: string | null;
}

/** §3 Question as the studio reads it. */
export const toQuestion = (r: QuestionRow) => ({
  id: r.id,
  content: r.content,
  status: r.status,
  anonymous: r.anonymous,
  initiator: r.anonymous ? { name: ANONYMOUS } : r.initiator,
  timestamp: Number(r.ts),
  upvoteCount: r.upvote_count,
  answerCount: r.answers.length,
  replyCount: r.answers.length,
  answers: r.answers,
});
