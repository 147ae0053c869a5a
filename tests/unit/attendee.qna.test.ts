/**
 * The attendee's Q&A list (issue 32): the socket's `qna` frames applied to what the page shows
 * (`mine` and `myUpvote` kept, counts never lowered by a late push, answers once), the unread count
 * of the Q&A tab, the page's order, and the question's length limit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AudienceQuestion } from '../../src/lib/audienceContract';
import { AUDIENCE_QUESTION_MAX } from '../../src/lib/limits';
import { cleanText } from '../../src/lib/text';
import { applyQnaEvent, QUESTION_RULE, questionsInOrder } from '../../src/state/attendee/audienceQna';
import { attendeeActions, initialAttendeeState, useAttendeeStore } from '../../src/state/attendee/attendeeStore';

const q = (id: string, extra: Partial<AudienceQuestion> = {}): AudienceQuestion => ({
  id,
  content: `Question ${id}`,
  status: 'ACTIVE',
  anonymous: false,
  initiator: { name: 'Ben' },
  timestamp: 1000,
  upvoteCount: 0,
  answerCount: 0,
  replyCount: 0,
  answers: [],
  ...extra,
});
const answer = { content: 'Soon.', anonymous: false, answerBy: { name: 'Priya' }, timestamp: 5 };

describe('applyQnaEvent', () => {
  it('add/update: a new question is added; a known one keeps what this page knew of mine and myUpvote', () => {
    const mine = q('a', { status: 'ASKED', mine: true, myUpvote: false });
    const { questions, fresh } = applyQnaEvent([mine], { type: 'update', question: q('a') });
    expect(questions).toEqual([{ ...q('a'), mine: true, myUpvote: false }]);
    expect(fresh).toBe(false); // one's own question published is not news to its asker
    const added = applyQnaEvent(questions, { type: 'add', question: q('b') });
    expect(added.questions.map((x) => [x.id, x.mine])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(added.fresh).toBe(true);
    expect(applyQnaEvent(added.questions, { type: 'update', question: q('b') }).fresh).toBe(false); // known already
  });

  it.each([
    ['a later push with more', 3, 5, 5],
    ['a late push with fewer (after this page’s own upvote)', 5, 4, 5],
  ])('upvote: %s → the larger count', (_, known, pushed, shown) => {
    expect(applyQnaEvent([q('a', { upvoteCount: known })], { type: 'upvote', id: 'a', upvoteCount: pushed }).questions[0]!.upvoteCount).toBe(shown);
  });

  it('answer: added once with the server’s counts; new to the asker of that question only', () => {
    const once = applyQnaEvent([q('a', { mine: true }), q('b')], { type: 'answer', id: 'a', answer, answerCount: 1, replyCount: 1 });
    expect(once.questions[0]).toMatchObject({ answers: [answer], answerCount: 1, replyCount: 1 });
    expect(once.fresh).toBe(true);
    const twice = applyQnaEvent(once.questions, { type: 'answer', id: 'a', answer, answerCount: 1, replyCount: 1 });
    expect(twice.questions[0]!.answers).toHaveLength(1);
    expect(applyQnaEvent(once.questions, { type: 'answer', id: 'b', answer, answerCount: 1, replyCount: 1 }).fresh).toBe(false);
    expect(applyQnaEvent([], { type: 'answer', id: 'x', answer, answerCount: 1, replyCount: 1 }).questions).toEqual([]);
  });

  it('delete: gone (an unknown id changes nothing)', () => {
    expect(applyQnaEvent([q('a'), q('b')], { type: 'delete', id: 'a' }).questions.map((x) => x.id)).toEqual(['b']);
    expect(applyQnaEvent([q('a')], { type: 'delete', id: 'zzz' }).questions.map((x) => x.id)).toEqual(['a']);
  });
});

it('the page shows the attendee’s unpublished questions first, then the published ones, newest first', () => {
  const list = [q('old', { timestamp: 1 }), q('new', { timestamp: 3 }), q('waiting', { status: 'ASKED', mine: true, timestamp: 2 }), q('declined', { status: 'DECLINED', mine: true, timestamp: 0 })];
  expect(questionsInOrder(list).map((x) => x.id)).toEqual(['waiting', 'declined', 'new', 'old']);
});

describe('the store', () => {
  beforeEach(() => useAttendeeStore.setState(initialAttendeeState()));

  it('counts a newly published question unread while the Q&A tab is not shown, none while it is; showing it clears the count', () => {
    attendeeActions.applyQna({ type: 'add', question: q('a') });
    expect(useAttendeeStore.getState().unread.qna).toBe(1);
    attendeeActions.showTab('qna');
    expect(useAttendeeStore.getState().unread.qna).toBe(0);
    attendeeActions.applyQna({ type: 'add', question: q('b') });
    expect(useAttendeeStore.getState().unread.qna).toBe(0);
    expect(useAttendeeStore.getState().questions.map((x) => x.id)).toEqual(['a', 'b']);
  });

  it('loadQuestions replaces the list; the draft keeps its text and the anonymous choice separately', () => {
    attendeeActions.applyQna({ type: 'add', question: q('a') });
    attendeeActions.loadQuestions([q('b', { mine: true })]);
    expect(useAttendeeStore.getState().questions).toEqual([{ ...q('b'), mine: true, myUpvote: false }]);
    attendeeActions.setQuestionDraft({ text: 'Why?' });
    attendeeActions.setQuestionDraft({ anonymous: true });
    expect(useAttendeeStore.getState().questionDraft).toEqual({ text: 'Why?', anonymous: true });
  });
});

it('a question is at most AUDIENCE_QUESTION_MAX (500, ours) characters under the shared text rule', () => {
  expect(AUDIENCE_QUESTION_MAX).toBe(500);
  expect(cleanText('?'.repeat(600), QUESTION_RULE).text).toHaveLength(500);
  expect(cleanText('Is <b>this</b> on?', QUESTION_RULE).text).toBe('Is this on?');
});
