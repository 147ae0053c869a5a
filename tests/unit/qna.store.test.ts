/** Q&A state (§3 Question, §4 Question): transitions, socket events, counts, tabs, sort, unseen, rollback (§8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialQnaState, unseenQuestionCount, useQnaStore } from '../../src/state/qna/qnaStore';
import type { QnaService } from '../../src/state/qna/service';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import { canDo, inTab, offeredQnaTabs, QUESTION_ACTIONS, questionsInTab, sortQuestions } from '../../src/state/qna/rules';
import type { Answer, Question, QnaTab } from '../../src/state/qna/types';
import { DEMO_QUESTIONS, demoQuestions } from '../../src/demo/audience/pollsQnaData';

const question = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  content: `Question ${id}`,
  status: 'ASKED',
  anonymous: false,
  initiator: { name: 'Ann' },
  timestamp: 1000,
  upvoteCount: 0,
  answerCount: 0,
  replyCount: 0,
  answers: [],
  ...extra,
});
const answer = (content: string, timestamp = 5): Answer => ({ content, anonymous: false, answerBy: { name: 'Mod', endpointGuid: 'm1' }, timestamp });
const backendError = { type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Nope' };

function okService(overrides: Partial<QnaService> = {}): QnaService {
  return {
    publish: vi.fn(async () => undefined),
    decline: vi.fn(async () => undefined),
    delete: vi.fn(async () => undefined),
    answer: vi.fn(async (_id, content) => answer(content)),
    sendBanner: vi.fn(async () => undefined),
    list: vi.fn(async () => []),
    markSeen: vi.fn(async () => undefined),
    ...overrides,
  };
}
const reject = async () => Promise.reject(backendError);

const installQna = (qna: QnaService) => installFakeBackend({ qna });
const state = () => useQnaStore.getState();
const find = (id: string) => state().questions.find((q) => q.id === id);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  useQnaStore.setState(initialQnaState());
  installQna(okService());
});
afterEach(() => installBackend(null));

describe('§4 transitions', () => {
  it.each([
    ['ASKED', ['DECLINE', 'PUBLISH']],
    ['DECLINED', ['PUBLISH', 'DELETE']],
    ['ACTIVE', ['REPLY', 'DELETE']],
  ] as const)('%s offers %j', (status, actions) => {
    expect(QUESTION_ACTIONS[status]).toEqual(actions);
    expect(canDo(status, 'PUBLISH')).toBe((actions as readonly string[]).includes('PUBLISH'));
  });

  it('Publish makes an ASKED question ACTIVE', async () => {
    state().setQuestions([question('a')]);
    expect(await state().publish('a')).toBe(true);
    expect(find('a')?.status).toBe('ACTIVE');
  });

  it('Decline makes it DECLINED, which can later be published or deleted', async () => {
    state().setQuestions([question('a'), question('b')]);
    expect(await state().decline('a')).toBe(true);
    expect(find('a')?.status).toBe('DECLINED');
    expect(await state().publish('a')).toBe(true);
    expect(find('a')?.status).toBe('ACTIVE');
    await state().decline('b');
    expect(await state().remove('b')).toBe(true);
    expect(find('b')).toBeUndefined();
  });

  it('refuses what a state does not offer', async () => {
    const service = okService();
    installQna(service);
    state().setQuestions([question('asked'), question('active', { status: 'ACTIVE' })]);
    expect(await state().remove('asked')).toBe(false);
    expect(await state().decline('active')).toBe(false);
    expect(await state().publish('active')).toBe(false);
    expect(await state().reply('asked', 'hello')).toBe(false);
    expect(service.delete).not.toHaveBeenCalled();
    expect(service.decline).not.toHaveBeenCalled();
    expect(service.answer).not.toHaveBeenCalled();
    expect(state().questions.map((q) => q.status)).toEqual(['ASKED', 'ACTIVE']);
  });

  it('ACTIVE allows reply (only non-empty) and delete', async () => {
    const service = okService();
    installQna(service);
    state().setQuestions([question('a', { status: 'ACTIVE' })]);
    expect(await state().reply('a', '   ')).toBe(false);
    expect(service.answer).not.toHaveBeenCalled();
    expect(await state().reply('a', '  Soon!  ')).toBe(true);
    expect(service.answer).toHaveBeenCalledWith('a', 'Soon!');
    expect(find('a')).toMatchObject({ answerCount: 1, replyCount: 1, answers: [answer('Soon!')] });
    expect(await state().remove('a')).toBe(true);
    expect(state().questions).toEqual([]);
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
  it('counts questions not in the seen list', () => {
    state().setQuestions([question('a'), question('b')]);
    expect(unseenQuestionCount(state())).toBe(2);
    state().markSeen(['a']);
    expect(unseenQuestionCount(state())).toBe(1);
    state().applyEvent({ type: 'add', question: question('c') });
    expect(unseenQuestionCount(state())).toBe(2);
  });
});

describe('a failing call leaves the store unchanged (§8)', () => {
  beforeEach(() => installQna(okService({ publish: reject, decline: reject, delete: reject, answer: reject, sendBanner: reject })));
  const snapshot = () => JSON.parse(JSON.stringify(state().questions)) as unknown;

  it.each([
    ['publish', () => state().publish('asked')],
    ['decline', () => state().decline('asked')],
    ['delete', () => state().remove('active')],
    ['reply', () => state().reply('active', 'hi')],
    ['announce', () => state().announce('Hello all')],
  ] as const)('%s', async (command, run) => {
    state().setQuestions([question('asked'), question('active', { status: 'ACTIVE' })]);
    const before = snapshot();
    expect(await run()).toBe(false);
    expect(snapshot()).toEqual(before);
    expect(state().failure).toMatchObject({ command, detail: 'Nope' });
    expect(state().busy).toEqual([]);
  });

  it('an empty announcement is not sent', async () => {
    const service = okService();
    installQna(service);
    expect(await state().announce('  ')).toBe(false);
    expect(await state().announce('Welcome!')).toBe(true);
    expect(service.sendBanner).toHaveBeenCalledExactlyOnceWith('Welcome!');
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
