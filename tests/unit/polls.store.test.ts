/** Poll state (§3, §4): transitions, the start rule, socket notifications, votes, unseen count, rollback on failure (§8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialPollState, unseenPollCount, usePollStore } from '../../src/state/polls/pollStore';
import type { PollService } from '../../src/state/polls/service';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import { canStartPoll, pollsInTab, tallyPoll } from '../../src/state/polls/rules';
import type { Poll } from '../../src/state/polls/types';
import { createDemoPollsQnaService, DEMO_CALL_LATENCY_MS } from '../../src/demo/audience/pollsQnaService';
import { DEMO_POLLS } from '../../src/demo/audience/pollsQnaData';

const opts = (...texts: string[]) => texts.map((option, i) => ({ optionNumber: i + 1, option }));
const poll = (pollGuid: string, extra: Partial<Poll> = {}): Poll => ({ pollGuid, question: `Question ${pollGuid}`, options: opts('Yes', 'No'), results: [], ...extra });
const backendError = { type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Server says no' };

function okService(overrides: Partial<PollService> = {}): PollService {
  return {
    create: vi.fn(async (d) => ({ pollGuid: 'server-1', ...d, results: [] })),
    update: vi.fn(async (pollGuid, d) => ({ pollGuid, ...d, results: [] })),
    delete: vi.fn(async () => undefined),
    manage: vi.fn(async () => undefined),
    list: vi.fn(async () => []),
    markSeen: vi.fn(async () => undefined),
    ...overrides,
  };
}
const failing = (): PollService => {
  const reject = async () => Promise.reject(backendError);
  return okService({ create: reject, update: reject, delete: reject, manage: reject });
};

const installPolls = (polls: PollService) => installFakeBackend({ polls });
const state = () => usePollStore.getState();
const find = (guid: string) => state().polls.find((p) => p.pollGuid === guid);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  usePollStore.setState(initialPollState());
  installPolls(okService());
});
afterEach(() => installBackend(null));

describe('§4 transitions', () => {
  it('create → START → ACTIVE → END → DONE', async () => {
    const created = await state().createPoll({ question: 'Lunch?', options: opts('Pizza', 'Salad') });
    expect(created?.pollGuid).toBe('server-1');
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['server-1']);
    expect(find('server-1')?.status).toBeUndefined();
    expect(await state().startPoll('server-1')).toBe(true);
    expect(find('server-1')?.status).toBe('ACTIVE');
    expect(find('server-1')?.results).toEqual([
      { option: 'Pizza', votes: 0 },
      { option: 'Salad', votes: 0 },
    ]);
    expect(await state().endPoll('server-1')).toBe(true);
    expect(find('server-1')?.status).toBe('DONE');
    expect(pollsInTab(state().polls, 'COMPLETED').map((p) => p.pollGuid)).toEqual(['server-1']);
  });

  it('Start is allowed only when no poll is ACTIVE', async () => {
    const service = okService();
    installPolls(service);
    state().setPolls([poll('a', { status: 'ACTIVE' }), poll('b')]);
    expect(canStartPoll(state().polls, find('b')!)).toBe(false);
    expect(await state().startPoll('b')).toBe(false);
    expect(find('b')?.status).toBeUndefined();
    expect(service.manage).not.toHaveBeenCalled();
    expect(state().failure?.command).toBe('start');
    await state().endPoll('a');
    expect(await state().startPoll('b')).toBe(true);
    expect(service.manage).toHaveBeenLastCalledWith('b', 'START');
  });

  it('a second start while the first is in flight is refused (the first is already ACTIVE)', async () => {
    state().setPolls([poll('a'), poll('b')]);
    const first = state().startPoll('a');
    expect(await state().startPoll('b')).toBe(false);
    await first;
    expect(pollsInTab(state().polls, 'ACTIVE').map((p) => p.status)).toEqual(['ACTIVE', undefined]);
  });

  it('only a created poll can be edited or deleted; only an ACTIVE one ended', async () => {
    state().setPolls([poll('live', { status: 'ACTIVE' }), poll('done', { status: 'DONE' })]);
    expect(await state().editPoll('live', { question: 'x', options: opts('a', 'b') })).toBe(false);
    expect(await state().deletePoll('done')).toBe(false);
    expect(await state().endPoll('done')).toBe(false);
    expect(find('live')?.question).toBe('Question live');
    expect(state().polls).toHaveLength(2);
  });

  it('create and edit validate (§5: applied on create and edit)', async () => {
    const service = okService();
    installPolls(service);
    expect(await state().createPoll({ question: '', options: opts('a') })).toBeNull();
    expect(state().failure?.detail).toBe('Poll question is empty, Poll has a too few options');
    expect(service.create).not.toHaveBeenCalled();
    state().setPolls([poll('p')]);
    expect(await state().editPoll('p', { question: 'ok', options: opts('a', 'x'.repeat(151)) })).toBe(false);
    expect(state().failure?.detail).toBe('Poll option text is too long');
  });

  it('edits and deletes a created poll', async () => {
    state().setPolls([poll('p'), poll('q')]);
    expect(await state().editPoll('p', { question: 'New?', options: opts('1', '2', '3') })).toBe(true);
    expect(find('p')).toMatchObject({ question: 'New?', options: opts('1', '2', '3') });
    expect(await state().deletePoll('p')).toBe(true);
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['q']);
  });

  it('list statuses are mapped: AVAILABLE → not started, COMPLETED → DONE', async () => {
    installPolls(
      okService({
        list: vi.fn(async (status) => [{ ...poll(status), status: status as never }]),
      }),
    );
    expect(await state().loadPolls()).toBe(true);
    expect(state().polls.map((p) => [p.pollGuid, p.status])).toEqual([
      ['ACTIVE', 'ACTIVE'],
      ['AVAILABLE', undefined],
      ['COMPLETED', 'DONE'],
    ]);
  });
});

describe('socket notifications (§4)', () => {
  it('DELETE removes the poll', () => {
    state().setPolls([poll('a'), poll('b')]);
    state().applySocket({ notificationType: 'DELETE', pollData: { pollGuid: 'a' } });
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['b']);
  });

  it('any other type updates an existing poll', () => {
    state().setPolls([poll('a')]);
    state().applySocket({ notificationType: 'UPDATE', pollData: { pollGuid: 'a', status: 'ACTIVE', results: [{ option: 'Yes', votes: 4 }] } });
    expect(find('a')).toMatchObject({ question: 'Question a', status: 'ACTIVE', results: [{ option: 'Yes', votes: 4 }] });
  });

  it('any other type adds an unknown poll', () => {
    state().applySocket({ notificationType: 'CREATE', pollData: poll('new') });
    expect(find('new')?.question).toBe('Question new');
  });

  it('DELETE of an unknown poll changes nothing', () => {
    state().setPolls([poll('a')]);
    state().applySocket({ notificationType: 'DELETE', pollData: { pollGuid: 'zzz' } });
    expect(state().polls).toHaveLength(1);
  });
});

describe('votes', () => {
  it('arrive as POLL updates carrying the results, which keep the poll live; tally gives percentages', () => {
    state().setPolls([poll('a', { status: 'ACTIVE' }), poll('b')]);
    state().applySocket({ notificationType: 'UPDATE', pollData: { pollGuid: 'a', results: [{ option: 'Yes', votes: 3 }, { option: 'No', votes: 1 }] } });
    expect(find('a')?.status).toBe('ACTIVE');
    expect(find('a')?.results).toEqual([
      { option: 'Yes', votes: 3 },
      { option: 'No', votes: 1 },
    ]);
    expect(find('b')?.results).toEqual([]);
    expect(tallyPoll(find('a')!)).toEqual({
      total: 4,
      rows: [
        { optionNumber: 1, option: 'Yes', votes: 3, percent: 75 },
        { optionNumber: 2, option: 'No', votes: 1, percent: 25 },
      ],
    });
  });

  it('no vote yet reads 0%', () => {
    expect(tallyPoll(poll('a')).rows.map((r) => r.percent)).toEqual([0, 0]);
  });
});

describe('unseen count (§4: polls not in the seen list)', () => {
  it('counts polls not seen; markSeen reports them once', () => {
    const service = okService();
    installPolls(service);
    state().setPolls([poll('a'), poll('b'), poll('c')]);
    expect(unseenPollCount(state())).toBe(3);
    state().markSeen(['a', 'b']);
    state().markSeen(['a']);
    expect(unseenPollCount(state())).toBe(1);
    expect(state().seenPollGuids).toEqual(['a', 'b']);
    return Promise.resolve().then(() => {
      expect(service.markSeen).toHaveBeenCalledTimes(1);
      expect(service.markSeen).toHaveBeenCalledWith(['a', 'b']);
    });
  });

  it("the moderator's own new poll is not unseen, also while it is being created", async () => {
    const pending = state().createPoll({ question: 'Mine', options: opts('a', 'b') });
    expect(unseenPollCount(state())).toBe(0);
    await pending;
    expect(unseenPollCount(state())).toBe(0);
  });

});

describe('a failing call leaves the store unchanged (§8)', () => {
  beforeEach(() => installPolls(failing()));
  const snapshot = () => JSON.parse(JSON.stringify({ polls: state().polls, seen: state().seenPollGuids })) as unknown;

  it.each([
    ['create', () => state().createPoll({ question: 'Q', options: opts('a', 'b') })],
    ['update', () => state().editPoll('draft', { question: 'Changed', options: opts('x', 'y') })],
    ['delete', () => state().deletePoll('draft')],
    ['start', () => state().startPoll('draft')],
    ['end', () => state().endPoll('live')],
  ] as const)('%s rolls back and reports the reason', async (command, run) => {
    state().setPolls([poll('live', { status: 'ACTIVE', results: [{ option: 'Yes', votes: 2 }] }), poll('draft')]);
    if (command === 'start') state().setPolls([poll('draft')]);
    const before = snapshot();
    const pending = run();
    await pending;
    expect(snapshot()).toEqual(before);
    expect(state().failure).toMatchObject({ command, detail: 'Server says no' });
    expect(state().busy).toEqual([]);
  });

  it('shows the optimistic change while the call is in flight', async () => {
    let reject: (e: unknown) => void = () => undefined;
    installPolls(okService({ manage: () => new Promise((_, r) => (reject = r)) }));
    state().setPolls([poll('draft')]);
    const pending = state().startPoll('draft');
    expect(find('draft')?.status).toBe('ACTIVE');
    expect(state().busy).toEqual(['draft']);
    reject(null);
    expect(await pending).toBe(false);
    expect(find('draft')?.status).toBeUndefined();
    expect(state().failure?.detail).toBe('No connection to the server');
  });

  it('a delete that fails puts the poll back in its place', async () => {
    state().setPolls([poll('a'), poll('b'), poll('c')]);
    await state().deletePoll('b');
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['a', 'b', 'c']);
  });

  it('without an installed service the call fails the same way', async () => {
    installBackend(null);
    state().setPolls([poll('draft')]);
    expect(await state().startPoll('draft')).toBe(false);
    expect(find('draft')?.status).toBeUndefined();
    expect(state().failure?.detail).toBe('No backend installed');
  });
});

describe('demo service', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves after a short delay and can be made to fail', async () => {
    vi.useFakeTimers();
    const { polls } = createDemoPollsQnaService({ fail: (call) => call === 'polls.delete' });
    let created: Poll | undefined;
    void polls.create({ question: 'Q', options: opts('a', 'b') }).then((p) => (created = p));
    await vi.advanceTimersByTimeAsync(DEMO_CALL_LATENCY_MS - 1);
    expect(created).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(created).toMatchObject({ question: 'Q', results: [] });
    const deletion = polls.delete('x');
    const assertion = expect(deletion).rejects.toMatchObject({ code: 'API_BACKEND_ERROR' });
    await vi.advanceTimersByTimeAsync(DEMO_CALL_LATENCY_MS);
    await assertion;
  });

  it('seed data has one completed poll with results and one draft', () => {
    expect(DEMO_POLLS.map((p) => p.status)).toEqual(['DONE', undefined]);
    expect(tallyPoll(DEMO_POLLS[0]!).total).toBeGreaterThan(0);
  });
});
