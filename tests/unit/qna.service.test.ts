/** The Q&A commands (src/services/audience/qna.ts) on a fake backend: the §7 calls, busy while in flight, rollback and the reason on failure (§8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announce, declineQuestion, deleteQuestion, loadQuestions, markQuestionsSeen, publishQuestion, replyToQuestion } from '../../src/services/audience/qna';
import { initialQnaState, unseenQuestionCount, useQnaStore } from '../../src/state/qna/qnaStore';
import type { QnaService } from '../../src/state/qna/service';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import { answer, backendError, question } from './audienceFixtures';
import { log } from '../../src/log';


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
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  useQnaStore.setState(initialQnaState());
  installQna(okService());
});
afterEach(() => installBackend(null));

describe('§4 transitions through the calls', () => {
  it('publish, decline and delete call the service for that question', async () => {
    const service = okService();
    installQna(service);
    state().setQuestions([question('a'), question('b')]);
    expect(await publishQuestion('a')).toBe(true);
    expect(find('a')?.status).toBe('ACTIVE');
    expect(await declineQuestion('b')).toBe(true);
    expect(await deleteQuestion('b')).toBe(true);
    expect(find('b')).toBeUndefined();
    expect(service.publish).toHaveBeenCalledWith('a');
    expect(service.decline).toHaveBeenCalledWith('b');
    expect(service.delete).toHaveBeenCalledWith('b');
  });

  it('refuses what a state does not offer, without a call', async () => {
    const service = okService();
    installQna(service);
    state().setQuestions([question('asked'), question('active', { status: 'ACTIVE' })]);
    expect(await deleteQuestion('asked')).toBe(false);
    expect(await declineQuestion('active')).toBe(false);
    expect(await publishQuestion('active')).toBe(false);
    expect(await replyToQuestion('asked', 'hello')).toBe(false);
    expect(service.delete).not.toHaveBeenCalled();
    expect(service.decline).not.toHaveBeenCalled();
    expect(service.answer).not.toHaveBeenCalled();
    expect(state().questions.map((q) => q.status)).toEqual(['ASKED', 'ACTIVE']);
  });

  it('ACTIVE allows reply (only non-empty): the stored answer joins the question', async () => {
    const service = okService();
    installQna(service);
    state().setQuestions([question('a', { status: 'ACTIVE' })]);
    expect(await replyToQuestion('a', '   ')).toBe(false);
    expect(service.answer).not.toHaveBeenCalled();
    expect(await replyToQuestion('a', '  Soon!  ')).toBe(true);
    expect(service.answer).toHaveBeenCalledWith('a', 'Soon!');
    expect(find('a')).toMatchObject({ answerCount: 1, replyCount: 1, answers: [answer('Soon!')] });
  });

  it('an empty announcement is not sent', async () => {
    const service = okService();
    installQna(service);
    expect(await announce('  ')).toBe(false);
    expect(await announce('Welcome!')).toBe(true);
    expect(service.sendBanner).toHaveBeenCalledExactlyOnceWith('Welcome!');
  });
});

describe('a failing call leaves the store unchanged (§8)', () => {
  beforeEach(() => installQna(okService({ publish: reject, decline: reject, delete: reject, answer: reject, sendBanner: reject, list: reject, markSeen: reject })));
  const snapshot = () => JSON.parse(JSON.stringify(state().questions)) as unknown;

  it.each([
    ['publish', () => publishQuestion('asked')],
    ['decline', () => declineQuestion('asked')],
    ['delete', () => deleteQuestion('active')],
    ['reply', () => replyToQuestion('active', 'hi')],
    ['announce', () => announce('Hello all')],
  ] as const)('%s', async (command, run) => {
    state().setQuestions([question('asked'), question('active', { status: 'ACTIVE' })]);
    const before = snapshot();
    expect(await run()).toBe(false);
    expect(snapshot()).toEqual(before);
    expect(state().failure).toMatchObject({ command, detail: 'Server says no' });
    expect(state().busy).toEqual([]);
  });

  it('the question waits while its call is in flight', async () => {
    let fail: (e: unknown) => void = () => undefined;
    installQna(okService({ publish: () => new Promise((_, r) => (fail = r)) }));
    state().setQuestions([question('a')]);
    const pending = publishQuestion('a');
    expect(state()).toMatchObject({ busy: ['a'], questions: [{ status: 'ACTIVE' }] });
    fail(backendError);
    expect(await pending).toBe(false);
    expect(state()).toMatchObject({ busy: [], questions: [{ status: 'ASKED' }] });
  });

  it('a failed load or seen marking is only logged', async () => {
    state().setQuestions([question('a')]);
    expect(await loadQuestions()).toBe(false);
    expect(log.entries().at(-1)).toMatchObject({ level: 'warn', scope: 'qna', message: 'loading questions failed: Server says no' });
    markQuestionsSeen(['a']);
    await vi.waitFor(() => expect(log.entries().at(-1)).toMatchObject({ level: 'info', scope: 'qna', message: 'seen marking failed: Server says no' }));
    expect(unseenQuestionCount(state())).toBe(0);
    expect(state().failure).toBeNull();
  });
});

describe('loading and seen marking', () => {
  it('merges the listed questions into what sockets brought', async () => {
    installQna(okService({ list: vi.fn(async () => [question('a', { status: 'ACTIVE' }), question('b')]) }));
    state().setQuestions([question('a', { upvoteCount: 3 })]);
    expect(await loadQuestions()).toBe(true);
    expect(state().questions.map((q) => [q.id, q.status, q.upvoteCount])).toEqual([
      ['a', 'ACTIVE', 0],
      ['b', 'ASKED', 0],
    ]);
  });

  it('reports newly seen questions once', async () => {
    const service = okService();
    installQna(service);
    markQuestionsSeen(['a', 'b']);
    markQuestionsSeen(['b']);
    await Promise.resolve();
    expect(service.markSeen).toHaveBeenCalledExactlyOnceWith(['a', 'b']);
  });
});
