/** The Backend port: one slot chosen at start-up, the demo behind it, and the people calls with rollback (§8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../../src/app/pickBackend';
import { createDemoPollsQnaService, DEMO_CALL_LATENCY_MS } from '../../src/demo/audience/pollsQnaService';
import { startPollsQnaSimulation } from '../../src/demo/audience/pollsQnaSimulator';
import { backend, installBackend } from '../../src/state/backend';
import { moderatorActions } from '../../src/state/people/moderation';
import type { Participant } from '../../src/state/people/people';
import { peopleActions, usePeopleStore } from '../../src/state/people/peopleStore';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import type { RealtimeEvent } from '../../src/state/realtimeEvent';
import { emptyChannel } from '../../compositor/model/channel';
import { stageActions } from '../../src/state/channel/stageActions';
import { useStageStore } from '../../src/state/channel/store';
import { installFakeBackend, okPeople } from './fakeBackend';

const serverSaysNo = { type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Server says no' };
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
    expect(Object.keys(b).sort()).toEqual(['assets', 'channel', 'chat', 'meeting', 'people', 'polls', 'qna', 'session']);
    expect(b.session.capabilities.goLive).toBe(false);
  });

  it('the demo lists the predefined backgrounds and follows its channel with an unsubscribe', async () => {
    const b = createBackend({ backend: 'demo' });
    const backgrounds = await b.assets.list('background');
    expect(backgrounds.length).toBeGreaterThan(0);
    expect(backgrounds.every((a) => a.origin === 'predefined' && a.id.startsWith('background-'))).toBe(true);
    const on = { channel: vi.fn(), reconnected: vi.fn() };
    const unsubscribe = b.channel.subscribe('uuid', on);
    unsubscribe();
    expect(on.channel).not.toHaveBeenCalled();
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

describe('people calls: optimistic, rolled back when the call fails (§8)', () => {
  const attendee = (id: string, name: string): Participant => ({
    id, name, role: 'Attendee', joinTime: 0, isSelf: false, inParticipantRoster: true, lastSeen: 0, audioMute: true, videoMute: true, audioHardMute: false, videoHardMute: false,
  });
  const card = (id: string) => useStageStore.getState().doc.producers.find((p) => p.id === id);

  beforeEach(() => {
    const cards = withOrderRanks([
      producerCard({ id: 'self', name: 'Alex Morgan', type: 'MODERATOR', participantGuid: 'user-0001' }),
      producerCard({ id: 'g1', name: 'Lukas Becker', participantGuid: 'guid-g1-0001' }),
      producerCard({ id: 'g2', name: 'Amara Okafor', participantGuid: 'guid-g2-0001' }),
    ]);
    stageActions.load({ ...emptyChannel(), producers: cards });
    peopleActions.setAttendees([attendee('att-1', 'Zoe Martin'), attendee('att-2', 'Ben Carter')]);
  });

  it('calls the moderator actions of §7 with the participant guid and the mute mode', async () => {
    const people = okPeople();
    installFakeBackend({ people });
    moderatorActions.toggleMute('g1', 'audio');
    moderatorActions.toggleHardMute('g2', 'video');
    moderatorActions.rename('g1', 'Lukas B.');
    moderatorActions.toggleNoiseCancellation('g2');
    moderatorActions.muteAll(true, 'self');
    moderatorActions.removePresenter('g2');
    expect(await peopleActions.remove('att-1')).toBe(true);
    await settle();
    expect(people.muteEndpoint).toHaveBeenCalledWith('guid-g1-0001', 'audio', card('g1')!.audioMute ? 'SOFT_MUTE' : 'UNMUTE');
    expect(people.muteEndpoint).toHaveBeenCalledWith('guid-g2-0001', 'video', 'HARD_MUTE');
    expect(people.rename).toHaveBeenCalledWith('guid-g1-0001', 'Lukas B.');
    expect(people.voiceProcessing).toHaveBeenCalledWith('guid-g2-0001', true);
    expect(people.muteAll).toHaveBeenCalledWith(true);
    expect(people.kickOut).toHaveBeenCalledWith('presenter', 'guid-g2-0001');
    expect(people.kickOut).toHaveBeenCalledWith('attendee', 'att-1');
    expect(card('g2')).toBeUndefined();
    expect(usePeopleStore.getState().attendees.map((a) => a.id)).toEqual(['att-2']);
  });

  it('a failing call puts the card or the attendee back', async () => {
    const reject = async () => Promise.reject(serverSaysNo);
    installFakeBackend({ people: { rename: reject, muteAll: reject, muteEndpoint: reject, voiceProcessing: reject, kickOut: reject } });
    const before = useStageStore.getState().doc.producers;
    expect(moderatorActions.rename('g1', 'Lukas B.')).toBe(true);
    expect(card('g1')?.name).toBe('Lukas B.');
    await settle();
    expect(card('g1')?.name).toBe('Lukas Becker');
    const actions = [
      () => moderatorActions.toggleMute('g1', 'audio'),
      () => moderatorActions.toggleHardMute('g1', 'video'),
      () => moderatorActions.toggleNoiseCancellation('g2'),
      () => moderatorActions.muteAll(true, 'self'),
      () => moderatorActions.removePresenter('g2'),
    ];
    for (const run of actions) {
      expect(run()).toBe(true);
      expect(useStageStore.getState().doc.producers).not.toEqual(before);
      await settle();
      expect(useStageStore.getState().doc.producers).toEqual(before);
    }
    const removed = peopleActions.remove('att-1');
    expect(usePeopleStore.getState().attendees.map((a) => a.id)).toEqual(['att-2']);
    expect(await removed).toBe(false);
    expect(usePeopleStore.getState().attendees.map((a) => a.id)).toEqual(['att-1', 'att-2']);
  });

  it('an edit the stage refuses makes no call', async () => {
    const people = okPeople();
    installFakeBackend({ people });
    expect(moderatorActions.removePresenter('self')).toBe(false);
    expect(moderatorActions.rename('g1', '  ')).toBe(false);
    await settle();
    expect(people.kickOut).not.toHaveBeenCalled();
    expect(people.rename).not.toHaveBeenCalled();
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
