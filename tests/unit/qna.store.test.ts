/**
 * Q&A state (§3 Question, §4 Question), pure: transitions applied at once and their rollbacks,
 * socket events, counts, tabs, sort, unseen. No backend is installed: a store that called one
 * would throw. The calls themselves are tests/unit/qna.service.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialQnaState, unseenQuestionCount, useQnaStore } from '../../src/state/qna/qnaStore';
import { installBackend } from '../../src/state/backend';
import { canDo, inTab, offeredQnaTabs, QUESTION_ACTIONS, questionsInTab, sortQuestions } from '../../src/state/qna/rules';
import type { QnaTab } from '../../src/state/qna/types';
import { answer, question } from './audienceFixtures';
import { DEMO_QUESTIONS, demoQuestions } from '../../src/demo/audience/pollsQnaData';


const state = () => useQnaStore.getState();
const find = (id: string) => state().questions.find((q) => q.id === id);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  useQnaStore.setState(initialQnaState());
  installBackend(null);
});

describe('§4 transitions, applied at once', () => {
  it.each([
    ['ASKED', ['DECLINE', 'PUBLISH']],
    ['DECLINED', ['PUBLISH', 'DELETE']],
    ['ACTIVE', ['REPLY', 'DELETE']],
  ] as const)('%s offers %j', (status, actions) => {
    expect(QUESTION_ACTIONS[status]).toEqual(actions);
    expect(canDo(status, 'PUBLISH')).toBe((actions as readonly string[]).includes('PUBLISH'));
  });

  it('Publish makes an ASKED question ACTIVE', () => {
    state().setQuestions([question('a')]);
    expect(state().beginPublish('a')).toBeTypeOf('function');
    expect(find('a')?.status).toBe('ACTIVE');
  });

  it('Decline makes it DECLINED, which can later be published or deleted', () => {
    state().setQuestions([question('a'), question('b')]);
    state().beginDecline('a');
    expect(find('a')?.status).toBe('DECLINED');
    state().beginPublish('a');
    expect(find('a')?.status).toBe('ACTIVE');
    state().beginDecline('b');
    expect(state().beginDelete('b')).toBeTypeOf('function');
    expect(find('b')).toBeUndefined();
  });

  it('refuses what a state does not offer, and says so', () => {
    state().setQuestions([question('asked'), question('active', { status: 'ACTIVE' })]);
    expect(state().beginDelete('asked')).toBeNull();
    expect(state().beginDecline('active')).toBeNull();
    expect(state().beginPublish('active')).toBeNull();
    expect(state().beginPublish('missing')).toBeNull();
    expect(state().questions.map((q) => q.status)).toEqual(['ASKED', 'ACTIVE']);
    expect(state().failure).toEqual({ command: 'publish', id: 'missing', detail: 'Not allowed for a missing question' });
  });
});

describe('rollbacks leave the store as it was (§8)', () => {
  const snapshot = () => JSON.parse(JSON.stringify(state().questions)) as unknown;
  it.each([
    ['publish', () => state().beginPublish('asked')],
    ['decline', () => state().beginDecline('asked')],
    ['delete', () => state().beginDelete('active')],
  ] as const)('%s', (_command, begin) => {
    state().setQuestions([question('asked'), question('active', { status: 'ACTIVE' }), question('last')]);
    const before = snapshot();
    const rollback = begin();
    expect(snapshot()).not.toEqual(before);
    rollback!();
    expect(snapshot()).toEqual(before);
  });
});

describe('socket events (§4)', () => {
  it('add, then update, then delete', () => {
    state().applyEvent({ type: 'add', question: question('a') });
    state().applyEvent({ type: 'update', question: { id: 'a', status: 'ACTIVE' } });
    expect(find('a')).toMatchObject({ status: 'ACTIVE', content: 'Question a' });
    state().applyEvent({ type: 'delete', id: 'a' });
    expect(state().questions).toEqual([]);
  });

  it('upvote updates upvoteCount (the server count when given)', () => {
    state().setQuestions([question('a', { upvoteCount: 2 })]);
    state().applyEvent({ type: 'upvote', id: 'a' });
    expect(find('a')?.upvoteCount).toBe(3);
    state().applyEvent({ type: 'upvote', id: 'a', upvoteCount: 10 });
    expect(find('a')?.upvoteCount).toBe(10);
  });

  it('answer updates answerCount and replyCount and keeps the answer once', () => {
    state().setQuestions([question('a', { status: 'ACTIVE' })]);
    state().applyEvent({ type: 'answer', id: 'a', answer: answer('One') });
    expect(find('a')).toMatchObject({ answerCount: 1, replyCount: 1 });
    state().applyEvent({ type: 'answer', id: 'a', answer: answer('One') });
    expect(find('a')).toMatchObject({ answerCount: 1, replyCount: 1 });
    state().applyEvent({ type: 'answer', id: 'a', answer: answer('Two', 6), answerCount: 2, replyCount: 5 });
    expect(find('a')).toMatchObject({ answerCount: 2, replyCount: 5 });
    expect(find('a')?.answers.map((x) => x.content)).toEqual(['One', 'Two']);
  });

  it('events for an unknown question are ignored', () => {
    state().applyEvent({ type: 'upvote', id: 'zz' });
    state().applyEvent({ type: 'answer', id: 'zz', answer: answer('x') });
    expect(state().questions).toEqual([]);
  });
});

describe('tabs and sort (§2)', () => {
  const list = [
    question('asked', { timestamp: 3 }),
    question('declined', { status: 'DECLINED', timestamp: 1 }),
    question('answered', { status: 'ACTIVE', answerCount: 2, timestamp: 2 }),
    question('open', { status: 'ACTIVE', timestamp: 4 }),
  ];

  it.each<[QnaTab, string[]]>([
    ['INCOMING', ['asked', 'declined']],
    ['PUBLISHED', ['answered', 'open']],
    ['ANSWERED', ['answered']],
    ['UNANSWERED', ['open']],
  ])('%s holds %j', (tab, ids) => {
    expect(list.filter((q) => inTab(q, tab)).map((q) => q.id)).toEqual(ids);
  });

  it('Incoming is hidden when auto-approve is on', () => {
    expect(offeredQnaTabs(false)).toEqual(['INCOMING', 'PUBLISHED', 'ANSWERED', 'UNANSWERED']);
    expect(offeredQnaTabs(true)).toEqual(['PUBLISHED', 'ANSWERED', 'UNANSWERED']);
  });

  it('Latest First puts the newest on top, Latest Last at the bottom; ties keep arrival order', () => {
    expect(sortQuestions(list, 'LATEST_FIRST').map((q) => q.timestamp)).toEqual([4, 3, 2, 1]);
    expect(sortQuestions(list, 'LATEST_LAST').map((q) => q.timestamp)).toEqual([1, 2, 3, 4]);
    const tie = [question('x', { timestamp: 5 }), question('y', { timestamp: 5 })];
    expect(sortQuestions(tie, 'LATEST_FIRST').map((q) => q.id)).toEqual(['x', 'y']);
    expect(questionsInTab(list, 'PUBLISHED', 'LATEST_FIRST').map((q) => q.id)).toEqual(['open', 'answered']);
  });
});

describe('unseen questions', () => {
  it('counts questions not in the seen list; markSeen returns only the newly seen', () => {
    state().setQuestions([question('a'), question('b')]);
    expect(unseenQuestionCount(state())).toBe(2);
    expect(state().markSeen(['a'])).toEqual(['a']);
    expect(state().markSeen(['a'])).toEqual([]);
    expect(unseenQuestionCount(state())).toBe(1);
    state().applyEvent({ type: 'add', question: question('c') });
    expect(unseenQuestionCount(state())).toBe(2);
  });
});

describe('demo seed questions', () => {
  it('has about five questions in mixed states, dated relative to now', () => {
    expect(DEMO_QUESTIONS.length).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_QUESTIONS.map((q) => q.status))).toEqual(new Set(['ASKED', 'ACTIVE', 'DECLINED']));
    const now = 1_700_000_000_000;
    for (const q of demoQuestions(now)) expect(q.timestamp).toBeLessThan(now);
  });
});
