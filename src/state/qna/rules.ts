/**
 * §4 Question transitions and the panel's views of the list, as pure functions.
 *
 * Tabs (SPEC names them without defining them; ours):
 * - Incoming: questions waiting for the moderator, ASKED, plus DECLINED ones (which can still be
 *   published or deleted, so they stay where the moderator decides); hidden when auto-approve is on.
 * - Published: every ACTIVE question.
 * - Answered: ACTIVE questions with at least one answer (answerCount > 0).
 * - Unanswered: ACTIVE questions without an answer (answerCount 0).
 */
import type { Question, QuestionStatus, QnaSort, QnaTab } from './types';

export type QuestionAction = 'PUBLISH' | 'DECLINE' | 'REPLY' | 'DELETE';

/** ASKED offers Decline and Publish; DECLINED can be published or deleted; ACTIVE allows reply and delete. */
export const QUESTION_ACTIONS: Readonly<Record<QuestionStatus, readonly QuestionAction[]>> = {
  ASKED: ['DECLINE', 'PUBLISH'],
  DECLINED: ['PUBLISH', 'DELETE'],
  ACTIVE: ['REPLY', 'DELETE'],
};

export const canDo = (status: QuestionStatus, action: QuestionAction): boolean => QUESTION_ACTIONS[status].includes(action);

export const QNA_TABS: readonly QnaTab[] = ['INCOMING', 'PUBLISHED', 'ANSWERED', 'UNANSWERED'];

/** The tabs offered: Incoming is hidden when Q&A auto-approve is on (§2). */
export const offeredQnaTabs = (autoApprove: boolean): readonly QnaTab[] => (autoApprove ? QNA_TABS.filter((t) => t !== 'INCOMING') : QNA_TABS);

export function inTab(question: Question, tab: QnaTab): boolean {
  switch (tab) {
    case 'INCOMING':
      return question.status === 'ASKED' || question.status === 'DECLINED';
    case 'PUBLISHED':
      return question.status === 'ACTIVE';
    case 'ANSWERED':
      return question.status === 'ACTIVE' && question.answerCount > 0;
    case 'UNANSWERED':
      return question.status === 'ACTIVE' && question.answerCount === 0;
  }
}

/** Latest First (newest on top, the default) or Latest Last; equal times keep arrival order. */
export function sortQuestions(questions: readonly Question[], sort: QnaSort): Question[] {
  const direction = sort === 'LATEST_FIRST' ? -1 : 1;
  return questions
    .map((q, i) => ({ q, i }))
    .sort((a, b) => (a.q.timestamp - b.q.timestamp) * direction || a.i - b.i)
    .map(({ q }) => q);
}

export const questionsInTab = (questions: readonly Question[], tab: QnaTab, sort: QnaSort): Question[] =>
  sortQuestions(
    questions.filter((q) => inTab(q, tab)),
    sort,
  );
