/** The Backend port: one slot chosen at start-up, and the demo behind it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../../src/app/pickBackend';
import { createDemoPollsQnaService, DEMO_CALL_LATENCY_MS } from '../../src/demo/audience/pollsQnaService';
import { startPollsQnaSimulation } from '../../src/demo/audience/pollsQnaSimulator';
import { backend, installBackend } from '../../src/state/backend';
import type { RealtimeEvent } from '../../src/state/realtimeEvent';

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  installBackend(null);
  vi.useRealTimers();
});

describe('the slot', () => {
  it('says so when no backend is installed', () => {
    installBackend(null);
    expect(() => backend()).toThrow('No backend installed');
  });

  it('a demo runtime config chooses the demo, with every member', () => {
    const b = createBackend({ backend: 'demo' });
    expect(Object.keys(b).sort()).toEqual(['assets', 'attendeeViewPath', 'channel', 'chat', 'meeting', 'people', 'polls', 'qna', 'rundown', 'session']);
    expect(b.session.capabilities.goLive).toBe(false);
    // "Open attendee view" (issue 32): the demo event's page.
    expect(b.attendeeViewPath).toBe('watch/demodemo');
  });

  it('the demo lists the predefined backgrounds and follows its channel with an unsubscribe', async () => {
    const b = createBackend({ backend: 'demo' });
    const backgrounds = await b.assets.list('background');
    expect(backgrounds.length).toBeGreaterThan(0);
    expect(backgrounds.every((a) => a.origin === 'predefined' && a.id.startsWith('background-'))).toBe(true);
    const on = { doc: vi.fn(), reconnected: vi.fn() };
    const unsubscribe = b.channel.subscribe('uuid', on);
    unsubscribe();
    expect(on.doc).not.toHaveBeenCalled();
  });
});

describe('the demo poll and Q&A server', () => {
  it('keeps what the moderator did and what the audience did', async () => {
    const server = createDemoPollsQnaService({ latencyMs: 0, polls: [] });
    const created = server.polls.create({ question: 'Lunch?', options: [{ optionNumber: 1, option: 'Pizza' }, { optionNumber: 2, option: 'Salad' }] });
    await settle();
    const { pollGuid } = await created;
    const started = server.polls.manage(pollGuid, 'START');
    await settle();
    await started;
    const emitted: RealtimeEvent[] = [];
    const stop = startPollsQnaSimulation({ seed: 1, audience: server.audience((e) => emitted.push(e)), pace: { questionEveryMs: [1000, 1000] } });
    vi.advanceTimersByTime(5000);
    stop();
    const listed = server.polls.list('ACTIVE');
    await settle();
    const [live] = await listed;
    const votes = live!.results.reduce((n, r) => n + r.votes, 0);
    expect(votes).toBeGreaterThan(0);
    expect(emitted.filter((e) => e.type === 'POLL').at(-1)).toMatchObject({ pollData: { pollGuid, results: live!.results } });
    const questions = server.qna.list();
    await settle();
    expect((await questions).length).toBe(emitted.filter((e) => e.type === 'Event_QnA' && e.qna.type === 'add').length);
  });
});

describe('the demo server answers after its latency', () => {
  it('like the other demo calls', async () => {
    const server = createDemoPollsQnaService();
    const listed = vi.fn();
    void server.polls.list('COMPLETED').then(listed);
    await vi.advanceTimersByTimeAsync(DEMO_CALL_LATENCY_MS - 1);
    expect(listed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(listed).toHaveBeenCalledOnce();
  });
});
