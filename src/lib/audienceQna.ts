/**
 * Q&A as the audience meets it (issue 32), the rules both its servers follow: the studio backend
 * (src/server/audience/questions.ts) and the demo's audience host (src/demo/audience/attendeeQnaHost.ts).
 * Here so the demo answers with the server's texts and limits without importing the server.
 */
import type { AudienceAnswer, AudienceQuestion } from './audienceContract';
import { AUDIENCE_QUESTION_MAX } from './limits';
import { cleanText } from './text';

/** §3 anonymous: everyone, moderators included, sees the initiator of an anonymous question as this. */
export const ANONYMOUS = 'Anonymous';

/** Ours: questions an attendee may ask at once, refilled over a minute (a question is thought about; a script floods). */
export const QUESTION_RATE = { capacity: 3, windowMs: 60_000 } as const;

/** The texts an attendee's question is refused with (shown on the page as they are). */
export const QUESTION_TEXTS = {
  off: 'Q&A is off for this event.',
  empty: 'Please write your question.',
  tooLong: `Your question is longer than ${AUDIENCE_QUESTION_MAX} characters.`,
  tooFast: (seconds: number) => `You are asking too fast. You can ask again in ${seconds}s.`,
  notFound: 'This question is no longer there.',
  notPublished: 'Only a published question can be upvoted.',
  upvotedAlready: 'You upvoted this question already.',
} as const;

/** The question as the page sends it, within AUDIENCE_QUESTION_MAX after the text rule; or why it is refused (a 400). */
export function readAudienceQuestion(body: Record<string, unknown>): { content: string; anonymous: boolean } | { refused: string } {
  const raw = typeof body.content === 'string' ? body.content : '';
  if ([...raw].length > AUDIENCE_QUESTION_MAX) return { refused: QUESTION_TEXTS.tooLong };
  const content = cleanText(raw, { max: AUDIENCE_QUESTION_MAX, multiline: true }).text;
  if (!content) return { refused: QUESTION_TEXTS.empty };
  if (body.anonymous !== undefined && typeof body.anonymous !== 'boolean') return { refused: 'anonymous must be true or false' };
  return { content, anonymous: body.anonymous === true };
}

/** A question as the studio reads it (§3), the fields an attendee may see of it. */
export interface StudioQuestionLike {
  id: string;
  content: string;
  status: string;
  anonymous: boolean;
  initiator: { name: string };
  timestamp: number;
  upvoteCount: number;
  answers: readonly { content: string; anonymous: boolean; answerBy: { name: string }; timestamp: number }[];
}

/** An answer as attendees see it: who answered by name, never their socket. */
export const answerForAudience = (a: StudioQuestionLike['answers'][number]): AudienceAnswer => ({
  content: a.content,
  anonymous: a.anonymous,
  answerBy: { name: a.anonymous ? ANONYMOUS : a.answerBy.name },
  timestamp: a.timestamp,
});

/** A question as every attendee may see it (nobody's `mine`); who asked an anonymous one is never sent. */
export function audienceQuestion(q: StudioQuestionLike): AudienceQuestion {
  const status = q.status === 'ACTIVE' || q.status === 'DECLINED' ? q.status : 'ASKED';
  return {
    id: q.id,
    content: q.content,
    status,
    anonymous: q.anonymous,
    initiator: { name: q.anonymous ? ANONYMOUS : q.initiator.name },
    timestamp: q.timestamp,
    upvoteCount: q.upvoteCount,
    answerCount: q.answers.length,
    replyCount: q.answers.length,
    answers: q.answers.map(answerForAudience),
  };
}
