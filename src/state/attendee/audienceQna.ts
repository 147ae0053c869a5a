/**
 * The attendee's Q&A list (issue 32) as pure functions: the socket's `qna` frames (§7 Event_QnA as an
 * attendee sees it) applied to the questions the page shows, and the order it shows them in.
 *
 * What every attendee is sent does not say whose a question is: `mine` and `myUpvote` come only with
 * this attendee's own calls and their own questions, and are kept across later frames. Counts only
 * grow (an upvote is never taken back), so a late push never lowers what this page's own upvote showed.
 */
import type { AudienceAnswer, AudienceQnaEvent, AudienceQuestion } from '../../lib/audienceContract';
import { AUDIENCE_QUESTION_MAX } from '../../lib/limits';
import type { TextRule } from '../../lib/text';

/** The shared text rule for an attendee's question (a multi-line text area), cut at AUDIENCE_QUESTION_MAX. */
export const QUESTION_RULE: TextRule = { max: AUDIENCE_QUESTION_MAX, multiline: true };

export interface QnaApplied {
  questions: AudienceQuestion[];
  /** Something new for this attendee: a question published by someone else, or an answer to one of theirs. */
  fresh: boolean;
}

const sameAnswer = (a: AudienceAnswer, b: AudienceAnswer) => a.timestamp === b.timestamp && a.content === b.content && a.answerBy.name === b.answerBy.name;

/** A question as this page keeps it: what it knew of `mine` and `myUpvote` stays unless told otherwise. */
export function mergeQuestion(incoming: AudienceQuestion, known?: AudienceQuestion): AudienceQuestion {
  return {
    ...known,
    ...incoming,
    upvoteCount: Math.max(incoming.upvoteCount, known?.upvoteCount ?? 0),
    mine: incoming.mine ?? known?.mine ?? false,
    myUpvote: incoming.myUpvote ?? known?.myUpvote ?? false,
  };
}

export function applyQnaEvent(questions: readonly AudienceQuestion[], event: AudienceQnaEvent): QnaApplied {
  const id = 'question' in event ? event.question.id : event.id;
  const known = questions.find((q) => q.id === id);
  const others = () => questions.filter((q) => q.id !== id);
  switch (event.type) {
    case 'add':
    case 'update': {
      const question = mergeQuestion(event.question, known);
      const fresh = question.status === 'ACTIVE' && !question.mine && known?.status !== 'ACTIVE';
      return { questions: known ? questions.map((q) => (q.id === id ? question : q)) : [...questions, question], fresh };
    }
    case 'delete':
      return { questions: known ? others() : [...questions], fresh: false };
    case 'upvote':
      return { questions: questions.map((q) => (q.id === id ? { ...q, upvoteCount: Math.max(q.upvoteCount, event.upvoteCount) } : q)), fresh: false };
    case 'answer': {
      if (!known || known.answers.some((a) => sameAnswer(a, event.answer))) return { questions: [...questions], fresh: false };
      const answered = { ...known, answers: [...known.answers, event.answer], answerCount: event.answerCount, replyCount: event.replyCount };
      return { questions: questions.map((q) => (q.id === id ? answered : q)), fresh: known.mine === true };
    }
  }
}

/** The page's order: this attendee's waiting (or declined) questions first, then the published ones, newest first. */
export function questionsInOrder(questions: readonly AudienceQuestion[]): AudienceQuestion[] {
  const waiting = (q: AudienceQuestion) => (q.status === 'ACTIVE' ? 1 : 0);
  return [...questions].sort((a, b) => waiting(a) - waiting(b) || b.timestamp - a.timestamp);
}
