/** The poll commands (src/services/audience/polls.ts) on a fake backend: the §7 calls, busy while in flight, rollback and the reason on failure (§8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoll, deletePoll, editPoll, endPoll, loadPolls, markPollsSeen, startPoll } from '../../src/services/audience/polls';
import { initialPollState, unseenPollCount, usePollStore } from '../../src/state/polls/pollStore';
import type { PollService } from '../../src/state/polls/service';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import { pollsInTab } from '../../src/state/polls/rules';
import type { Poll } from '../../src/state/polls/types';
import { createDemoPollsQnaService, DEMO_CALL_LATENCY_MS } from '../../src/demo/audience/pollsQnaService';
import { log } from '../../src/log';
import { backendError, opts, poll } from './audienceFixtures';


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
  return okService({ create: reject, update: reject, delete: reject, manage: reject, list: reject, markSeen: reject });
};

const installPolls = (polls: PollService) => installFakeBackend({ polls });
const state = () => usePollStore.getState();
const find = (guid: string) => state().polls.find((p) => p.pollGuid === guid);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  usePollStore.setState(initialPollState());
  installPolls(okService());
});
afterEach(() => installBackend(null));

describe('§4 transitions through the calls', () => {
  it('create → START → ACTIVE → END → DONE', async () => {
    const service = okService();
    installPolls(service);
    const created = await createPoll({ question: 'Lunch?', options: opts('Pizza', 'Salad') });
    expect(created?.pollGuid).toBe('server-1');
    expect(service.create).toHaveBeenCalledWith({ question: 'Lunch?', options: opts('Pizza', 'Salad') });
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['server-1']);
    expect(await startPoll('server-1')).toBe(true);
    expect(service.manage).toHaveBeenLastCalledWith('server-1', 'START');
    expect(find('server-1')?.status).toBe('ACTIVE');
    expect(await endPoll('server-1')).toBe(true);
    expect(service.manage).toHaveBeenLastCalledWith('server-1', 'END');
    expect(pollsInTab(state().polls, 'COMPLETED').map((p) => p.pollGuid)).toEqual(['server-1']);
  });

  it('edits and deletes a created poll', async () => {
    const service = okService();
    installPolls(service);
    state().setPolls([poll('p'), poll('q')]);
    expect(await editPoll('p', { question: 'New?', options: opts('1', '2', '3') })).toBe(true);
    expect(service.update).toHaveBeenCalledWith('p', { question: 'New?', options: opts('1', '2', '3') });
    expect(find('p')).toMatchObject({ question: 'New?', options: opts('1', '2', '3') });
    expect(await deletePoll('p')).toBe(true);
    expect(service.delete).toHaveBeenCalledWith('p');
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['q']);
  });

  it('a command §4 or §5 refuses makes no call', async () => {
    const service = okService();
    installPolls(service);
    state().setPolls([poll('a', { status: 'ACTIVE' }), poll('b')]);
    expect(await startPoll('b')).toBe(false);
    expect(await deletePoll('a')).toBe(false);
    expect(await createPoll({ question: '', options: opts('a') })).toBeNull();
    expect(service.manage).not.toHaveBeenCalled();
    expect(service.delete).not.toHaveBeenCalled();
    expect(service.create).not.toHaveBeenCalled();
  });

  it("the moderator's own new poll is not unseen, also while it is being created", async () => {
    const pending = createPoll({ question: 'Mine', options: opts('a', 'b') });
    expect(unseenPollCount(state())).toBe(0);
    await pending;
    expect(unseenPollCount(state())).toBe(0);
  });
});

describe('a failing call leaves the store unchanged (§8)', () => {
  beforeEach(() => installPolls(failing()));
  const snapshot = () => JSON.parse(JSON.stringify({ polls: state().polls, seen: state().seen })) as unknown;

  it.each([
    ['create', () => createPoll({ question: 'Q', options: opts('a', 'b') })],
    ['update', () => editPoll('draft', { question: 'Changed', options: opts('x', 'y') })],
    ['delete', () => deletePoll('draft')],
    ['start', () => startPoll('draft')],
    ['end', () => endPoll('live')],
  ] as const)('%s rolls back and reports the reason', async (command, run) => {
    state().setPolls([poll('live', { status: 'ACTIVE', results: [{ option: 'Yes', votes: 2 }] }), poll('draft')]);
    if (command === 'start') state().setPolls([poll('draft')]);
    const before = snapshot();
    expect(await run()).toBeFalsy();
    expect(snapshot()).toEqual(before);
    expect(state().failure).toMatchObject({ command, detail: 'Server says no' });
    expect(state().busy).toEqual([]);
  });

  it('shows the optimistic change and a busy poll while the call is in flight', async () => {
    let reject: (e: unknown) => void = () => undefined;
    installPolls(okService({ manage: () => new Promise((_, r) => (reject = r)) }));
    state().setPolls([poll('draft')]);
    const pending = startPoll('draft');
    expect(find('draft')?.status).toBe('ACTIVE');
    expect(state().busy).toEqual(['draft']);
    reject(null);
    expect(await pending).toBe(false);
    expect(find('draft')?.status).toBeUndefined();
    expect(state().failure?.detail).toBe('No connection to the server');
  });

  it('a delete that fails puts the poll back in its place', async () => {
    state().setPolls([poll('a'), poll('b'), poll('c')]);
    await deletePoll('b');
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['a', 'b', 'c']);
  });

  it('without an installed backend the call fails the same way', async () => {
    installBackend(null);
    state().setPolls([poll('draft')]);
    expect(await startPoll('draft')).toBe(false);
    expect(find('draft')?.status).toBeUndefined();
    expect(state().failure?.detail).toBe('No backend installed');
  });

  it('a failed load is logged and changes nothing', async () => {
    state().setPolls([poll('a')]);
    expect(await loadPolls()).toBe(false);
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['a']);
    expect(log.entries().at(-1)).toMatchObject({ level: 'warn', scope: 'polls', message: 'loading polls failed: Server says no' });
  });

  it('a failed seen marking is only logged: the polls stay seen', async () => {
    state().setPolls([poll('a')]);
    markPollsSeen(['a']);
    await vi.waitFor(() => expect(log.entries().at(-1)).toMatchObject({ level: 'info', scope: 'polls', message: 'seen marking failed: Server says no' }));
    expect(unseenPollCount(state())).toBe(0);
  });
});

describe('loading and seen marking', () => {
  it('fetches ACTIVE, AVAILABLE and COMPLETED and maps them: AVAILABLE → not started, COMPLETED → DONE', async () => {
    installPolls(okService({ list: vi.fn(async (status) => [{ ...poll(status), status: status as never }]) }));
    expect(await loadPolls()).toBe(true);
    expect(state().polls.map((p) => [p.pollGuid, p.status])).toEqual([
      ['ACTIVE', 'ACTIVE'],
      ['AVAILABLE', undefined],
      ['COMPLETED', 'DONE'],
    ]);
  });

  it('reports newly seen polls once', async () => {
    const service = okService();
    installPolls(service);
    state().setPolls([poll('a'), poll('b'), poll('c')]);
    markPollsSeen(['a', 'b']);
    markPollsSeen(['a']);
    await Promise.resolve();
    expect(service.markSeen).toHaveBeenCalledExactlyOnceWith(['a', 'b']);
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
});
