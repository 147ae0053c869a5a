/**
 * Poll state (§3, §4), pure: the optimistic commands and their rollbacks, the start rule, socket
 * notifications, votes, unseen count. No backend is installed: a store that called one would throw.
 * The calls themselves are tests/unit/polls.service.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialPollState, unseenPollCount, usePollStore } from '../../src/state/polls/pollStore';
import { installBackend } from '../../src/state/backend';
import { canStartPoll, pollsInTab, tallyPoll } from '../../src/state/polls/rules';
import { DEMO_POLLS } from '../../src/demo/audience/pollsQnaData';
import { opts, poll } from './audienceFixtures';


const state = () => usePollStore.getState();
const find = (guid: string) => state().polls.find((p) => p.pollGuid === guid);
const snapshot = () => JSON.parse(JSON.stringify({ polls: state().polls, seen: state().seen, busy: state().busy })) as unknown;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  usePollStore.setState(initialPollState());
  installBackend(null);
});

describe('§4 transitions, applied at once', () => {
  it('create shows a pending poll (seen, busy) that the created one replaces', () => {
    const pending = state().beginCreate({ question: 'Lunch?', options: opts('Pizza', 'Salad') })!;
    expect(find(pending.tempGuid)).toMatchObject({ question: 'Lunch?', results: [] });
    expect(state().busy).toEqual([pending.tempGuid]);
    expect(unseenPollCount(state())).toBe(0);
    const created = state().created(pending.tempGuid, { pollGuid: 'server-1', question: 'Lunch?', options: opts('Pizza', 'Salad'), results: [] });
    expect(created.pollGuid).toBe('server-1');
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['server-1']);
    expect(state()).toMatchObject({ seen: ['server-1'], busy: [] });
  });

  it('a created poll that a socket brought first is kept once', () => {
    const pending = state().beginCreate({ question: 'Q', options: opts('a', 'b') })!;
    state().applySocket({ notificationType: 'CREATE', pollData: poll('server-1') });
    state().created(pending.tempGuid, poll('server-1'));
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['server-1']);
  });

  it('START makes a created poll ACTIVE with a result row per option; END makes it DONE', () => {
    state().setPolls([poll('p')]);
    expect(state().beginStart('p')).toBeTypeOf('function');
    expect(find('p')).toMatchObject({ status: 'ACTIVE', results: [{ option: 'Yes', votes: 0 }, { option: 'No', votes: 0 }] });
    expect(state().beginEnd('p')).toBeTypeOf('function');
    expect(find('p')?.status).toBe('DONE');
    expect(pollsInTab(state().polls, 'COMPLETED').map((p) => p.pollGuid)).toEqual(['p']);
  });

  it('Start is allowed only when no poll is ACTIVE (a second start while the first is in flight too)', () => {
    state().setPolls([poll('a'), poll('b')]);
    state().beginStart('a');
    expect(canStartPoll(state().polls, find('b')!)).toBe(false);
    expect(state().beginStart('b')).toBeNull();
    expect(find('b')?.status).toBeUndefined();
    expect(state().failure).toEqual({ command: 'start', id: 'b', detail: 'Another poll is live: end it first' });
  });

  it('only a created poll can be edited or deleted; only an ACTIVE one ended', () => {
    state().setPolls([poll('live', { status: 'ACTIVE' }), poll('done', { status: 'DONE' })]);
    expect(state().beginEdit('live', { question: 'x', options: opts('a', 'b') })).toBeNull();
    expect(state().beginDelete('done')).toBeNull();
    expect(state().beginEnd('done')).toBeNull();
    expect(find('live')?.question).toBe('Question live');
    expect(state().polls).toHaveLength(2);
    expect(state().failure?.command).toBe('end');
  });

  it('create and edit validate (§5: applied on create and edit)', () => {
    expect(state().beginCreate({ question: '', options: opts('a') })).toBeNull();
    expect(state().polls).toEqual([]);
    expect(state().failure).toEqual({ command: 'create', detail: 'Poll question is empty, Poll has a too few options' });
    state().setPolls([poll('p')]);
    expect(state().beginEdit('p', { question: 'ok', options: opts('a', 'x'.repeat(151)) })).toBeNull();
    expect(state().failure?.detail).toBe('Poll option text is too long');
  });

  it('edits and deletes a created poll; the server’s edit is kept', () => {
    state().setPolls([poll('p'), poll('q')]);
    state().beginEdit('p', { question: 'New?', options: opts('1', '2', '3') });
    expect(find('p')).toMatchObject({ question: 'New?', options: opts('1', '2', '3') });
    state().edited('p', { pollGuid: 'p', question: 'New (server)?', options: opts('1', '2', '3'), results: [] });
    expect(find('p')?.question).toBe('New (server)?');
    state().beginDelete('p');
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['q']);
    state().edited('p', poll('p'));
    expect(find('p')).toBeUndefined();
  });

  it('listed polls are merged: AVAILABLE → not started, COMPLETED → DONE', () => {
    state().setPolls([poll('ACTIVE', { question: 'Known' })]);
    state().mergeListed(['ACTIVE', 'AVAILABLE', 'COMPLETED'].map((status) => ({ ...poll(status), status: status as never })));
    expect(state().polls.map((p) => [p.pollGuid, p.status])).toEqual([
      ['ACTIVE', 'ACTIVE'],
      ['AVAILABLE', undefined],
      ['COMPLETED', 'DONE'],
    ]);
  });
});

describe('rollbacks leave the store as it was (§8)', () => {
  const seeded = [poll('live', { status: 'ACTIVE', results: [{ option: 'Yes', votes: 2 }] }), poll('draft')];
  it.each([
    ['create', seeded, () => state().beginCreate({ question: 'Q', options: opts('a', 'b') })?.rollback],
    ['update', seeded, () => state().beginEdit('draft', { question: 'Changed', options: opts('x', 'y') })],
    ['delete', seeded, () => state().beginDelete('draft')],
    ['start', [poll('draft')], () => state().beginStart('draft')],
    ['end', seeded, () => state().beginEnd('live')],
  ] as const)('%s', (_command, polls, begin) => {
    state().setPolls(polls);
    const before = snapshot();
    const rollback = begin();
    expect(snapshot()).not.toEqual(before);
    rollback!();
    expect(snapshot()).toEqual(before);
  });

  it('a deleted poll comes back in its place', () => {
    state().setPolls([poll('a'), poll('b'), poll('c')]);
    state().beginDelete('b')!();
    expect(state().polls.map((p) => p.pollGuid)).toEqual(['a', 'b', 'c']);
  });

  it('an end rolled back keeps the votes that arrived meanwhile', () => {
    state().setPolls([poll('a', { status: 'ACTIVE' })]);
    const rollback = state().beginEnd('a')!;
    state().applySocket({ notificationType: 'UPDATE', pollData: { pollGuid: 'a', results: [{ option: 'Yes', votes: 3 }] } });
    rollback();
    expect(find('a')).toMatchObject({ status: 'ACTIVE', results: [{ option: 'Yes', votes: 3 }] });
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

  it('shown percentages add up to exactly 100 (42, 67, 23, 15 votes: 28 + 46 + 16 + 10, not 101)', () => {
    const percents = tallyPoll(DEMO_POLLS[0]!).rows.map((r) => r.percent);
    expect(percents).toEqual([28, 46, 16, 10]);
    expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('no vote yet reads 0%', () => {
    expect(tallyPoll(poll('a')).rows.map((r) => r.percent)).toEqual([0, 0]);
  });
});

describe('unseen count (§4: polls not in the seen list)', () => {
  it('counts polls not seen; markSeen returns only the newly seen', () => {
    state().setPolls([poll('a'), poll('b'), poll('c')]);
    expect(unseenPollCount(state())).toBe(3);
    expect(state().markSeen(['a', 'b'])).toEqual(['a', 'b']);
    expect(state().markSeen(['a'])).toEqual([]);
    expect(unseenPollCount(state())).toBe(1);
    expect(state().seen).toEqual(['a', 'b']);
  });
});

describe('busy and failure', () => {
  it('a call marks its poll busy and clears the last failure; its end frees the poll', () => {
    state().refused('end', 'a', 'nope');
    state().callStarted('a');
    expect(state()).toMatchObject({ busy: ['a'], failure: null });
    state().failed('end', 'a', 'Server says no');
    state().callEnded('a');
    expect(state()).toMatchObject({ busy: [], failure: { command: 'end', id: 'a', detail: 'Server says no' } });
    state().clearFailure();
    expect(state().failure).toBeNull();
  });
});

describe('demo seed', () => {
  it('has one completed poll with results and one draft', () => {
    expect(DEMO_POLLS.map((p) => p.status)).toEqual(['DONE', undefined]);
    expect(tallyPoll(DEMO_POLLS[0]!).total).toBeGreaterThan(0);
  });
});
