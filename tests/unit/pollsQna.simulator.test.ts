/** The simulated audience of the demo: seeded, realistic pace, driven by fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_NAME, SIMULATION_PACE, startPollsQnaSimulation } from '../../src/demo/audience/pollsQnaSimulator';
import { AUDIENCE_QUESTIONS } from '../../src/demo/audience/pollsQnaData';
import { DEMO_CALL_LATENCY_MS } from '../../src/demo/audience/pollsQnaService';
import type { DemoTimer } from '../../src/demo/audience/pollsQnaTimer';
import { createDemoBackend } from '../../src/demo/demoBackend';
import { startAudience } from '../../src/services/show/audience';
import { backend, installBackend } from '../../src/state/backend';
import { initialPollState, unseenPollCount, usePollStore } from '../../src/state/polls/pollStore';
import { tallyPoll } from '../../src/state/polls/rules';
import { initialQnaState, useQnaStore } from '../../src/state/qna/qnaStore';
import { audienceOnStores } from './fakeBackend';

const opts = (...texts: string[]) => texts.map((option, i) => ({ optionNumber: i + 1, option }));
const SECOND = 1000;

function livePoll(options = opts('A', 'B', 'C', 'D')) {
  usePollStore.getState().setPolls([{ pollGuid: 'live', question: 'Q', options, status: 'ACTIVE', results: [] }]);
}
const total = () => tallyPoll(usePollStore.getState().polls[0]!).total;

let stop: () => void = () => undefined;
beforeEach(() => {
  vi.useFakeTimers();
  usePollStore.setState(initialPollState());
  useQnaStore.setState(initialQnaState());
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('votes', () => {
  it('arrive a few per second while a poll is ACTIVE', () => {
    livePoll();
    stop = startPollsQnaSimulation({ seed: 1, audience: audienceOnStores() });
    vi.advanceTimersByTime(10 * SECOND);
    expect(total()).toBeGreaterThanOrEqual(10);
    expect(total()).toBeLessThanOrEqual(80);
  });

  it('are skewed: one option leads clearly', () => {
    livePoll();
    stop = startPollsQnaSimulation({ seed: 3, audience: audienceOnStores() });
    vi.advanceTimersByTime(120 * SECOND);
    const votes = tallyPoll(usePollStore.getState().polls[0]!).rows.map((r) => r.votes).sort((a, b) => b - a);
    expect(votes[0]!).toBeGreaterThan(2 * votes[3]!);
  });

  it('do not arrive without a live poll, nor for a draft or a completed one', () => {
    usePollStore.getState().setPolls([
      { pollGuid: 'd', question: 'Q', options: opts('a', 'b'), results: [] },
      { pollGuid: 'done', question: 'Q', options: opts('a', 'b'), status: 'DONE', results: [{ option: 'a', votes: 1 }] },
    ]);
    stop = startPollsQnaSimulation({ seed: 1, audience: audienceOnStores() });
    vi.advanceTimersByTime(10 * SECOND);
    expect(usePollStore.getState().polls.map((p) => tallyPoll(p).total)).toEqual([0, 1]);
  });
});

describe('questions and upvotes', () => {
  it('a new question every 20–40 s, from a list of 20+ with names, some anonymous', () => {
    expect(AUDIENCE_QUESTIONS.length).toBeGreaterThanOrEqual(20);
    const now = vi.fn(() => Date.now());
    stop = startPollsQnaSimulation({ seed: 5, audience: audienceOnStores(), now, pace: { upvoteEveryMs: [60 * 60 * SECOND, 60 * 60 * SECOND] } });
    vi.advanceTimersByTime(SIMULATION_PACE.questionEveryMs[0] - 1);
    expect(useQnaStore.getState().questions).toHaveLength(0);
    vi.advanceTimersByTime(SIMULATION_PACE.questionEveryMs[1] - SIMULATION_PACE.questionEveryMs[0] + 1);
    expect(useQnaStore.getState().questions).toHaveLength(1);
    vi.advanceTimersByTime(10 * 60 * SECOND);
    const questions = useQnaStore.getState().questions;
    expect(questions.length).toBeGreaterThanOrEqual(15);
    expect(questions.length).toBeLessThanOrEqual(31);
    expect(questions.every((q) => q.status === 'ASKED' && q.upvoteCount === 0)).toBe(true);
    expect(questions.some((q) => q.anonymous && q.initiator.name === ANONYMOUS_NAME)).toBe(true);
    expect(questions.some((q) => !q.anonymous && q.initiator.name !== ANONYMOUS_NAME)).toBe(true);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expect(now).toHaveBeenCalled();
  });

  it('arrive published when auto-approve is on', () => {
    stop = startPollsQnaSimulation({ seed: 5, audience: audienceOnStores(), autoApprove: true });
    vi.advanceTimersByTime(2 * 60 * SECOND);
    expect(useQnaStore.getState().questions.length).toBeGreaterThan(0);
    expect(useQnaStore.getState().questions.every((q) => q.status === 'ACTIVE')).toBe(true);
  });

  it('attendees upvote existing questions, never declined ones', () => {
    useQnaStore.getState().setQuestions([
      { id: 'q', content: 'c', status: 'ACTIVE', anonymous: false, initiator: { name: 'A' }, timestamp: 0, upvoteCount: 0, answerCount: 0, replyCount: 0, answers: [] },
      { id: 'x', content: 'c', status: 'DECLINED', anonymous: false, initiator: { name: 'B' }, timestamp: 0, upvoteCount: 0, answerCount: 0, replyCount: 0, answers: [] },
    ]);
    stop = startPollsQnaSimulation({ seed: 2, audience: audienceOnStores(), pace: { questionEveryMs: [60 * 60 * SECOND, 60 * 60 * SECOND] } });
    vi.advanceTimersByTime(60 * SECOND);
    const [q, x] = useQnaStore.getState().questions;
    expect(q!.upvoteCount).toBeGreaterThanOrEqual(5);
    expect(x!.upvoteCount).toBe(0);
  });
});

describe('seeding, stopping and the injected timer', () => {
  function run(seed: number) {
    usePollStore.setState(initialPollState());
    useQnaStore.setState(initialQnaState());
    livePoll();
    const s = startPollsQnaSimulation({ seed, audience: audienceOnStores(), now: () => 0 });
    vi.advanceTimersByTime(3 * 60 * SECOND);
    s();
    return { polls: usePollStore.getState().polls, questions: useQnaStore.getState().questions };
  }

  it('the same seed gives the same audience; another seed another one', () => {
    const a = run(11);
    const b = run(11);
    const c = run(12);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('stop ends every activity', () => {
    livePoll();
    stop = startPollsQnaSimulation({ seed: 1, audience: audienceOnStores() });
    vi.advanceTimersByTime(5 * SECOND);
    stop();
    const before = { votes: total(), questions: useQnaStore.getState().questions.length };
    vi.advanceTimersByTime(10 * 60 * SECOND);
    expect({ votes: total(), questions: useQnaStore.getState().questions.length }).toEqual(before);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs on the timer it is given', () => {
    const queue: { at: number; run: () => void }[] = [];
    let clock = 0;
    const schedule: DemoTimer = {
      setTimeout: (run, ms) => {
        const entry = { at: clock + ms, run };
        queue.push(entry);
        return entry;
      },
      clearTimeout: (h) => void queue.splice(queue.indexOf(h as (typeof queue)[number]), 1),
    };
    livePoll();
    stop = startPollsQnaSimulation({ seed: 1, audience: audienceOnStores(), schedule });
    expect(vi.getTimerCount()).toBe(0);
    expect(queue).toHaveLength(3);
    for (let i = 0; i < 20; i++) {
      queue.sort((a, b) => a.at - b.at);
      const next = queue.shift()!;
      clock = next.at;
      next.run();
    }
    expect(total()).toBeGreaterThan(0);
    stop();
    expect(queue).toHaveLength(0);
  });
});

describe('the demo backend through the audience start', () => {
  it('serves the samples, which the stores load, and stops it all', async () => {
    const b = createDemoBackend({ now: () => 1_700_000_000_000, latencyMs: 0, wait: async () => undefined });
    installBackend(b);
    const end = startAudience(b, await b.session.connect(''));
    await vi.advanceTimersByTimeAsync(DEMO_CALL_LATENCY_MS);
    expect(usePollStore.getState().polls).toHaveLength(2);
    expect(useQnaStore.getState().questions.length).toBeGreaterThanOrEqual(5);
    expect(unseenPollCount(usePollStore.getState())).toBe(2);
    expect(backend().polls).toBeDefined();
    expect(backend().qna).toBeDefined();
    end();
    expect(vi.getTimerCount()).toBe(0);
  });
});
