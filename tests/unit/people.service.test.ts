/** The moderator actions on people (src/services/people/moderation.ts) on a fake backend: the §7 calls, applied at once and rolled back when the call fails (§8). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moderatorActions } from '../../src/services/people/moderation';
import { installBackend } from '../../src/state/backend';
import type { Participant } from '../../src/state/people/people';
import { peopleActions, usePeopleStore } from '../../src/state/people/peopleStore';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { emptyChannel } from '../../compositor/model/channel';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { log } from '../../src/log';
import { installFakeBackend, okPeople } from './fakeBackend';

const serverSaysNo = { type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Server says no' };
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  installBackend(null);
  peopleActions.reset();
  vi.useRealTimers();
});

describe('people calls: optimistic, rolled back when the call fails (§8)', () => {
  const attendee = (id: string, name: string): Participant => ({
    id, name, role: 'Attendee', joinTime: 0, isSelf: false, inParticipantRoster: true, lastSeen: 0, audioMute: true, videoMute: true, audioHardMute: false, videoHardMute: false,
  });
  const card = (id: string) => useChannelStore.getState().doc.producers.find((p) => p.id === id);

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
    expect(await moderatorActions.removeAttendee('att-1')).toBe(true);
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
    installFakeBackend({ people: { rename: reject, muteAll: reject, muteEndpoint: reject, voiceProcessing: reject, kickOut: reject, lowerHand: reject, inviteOnStage: reject } });
    const before = useChannelStore.getState().doc.producers;
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
      expect(useChannelStore.getState().doc.producers).not.toEqual(before);
      await settle();
      expect(useChannelStore.getState().doc.producers).toEqual(before);
    }
    const removed = moderatorActions.removeAttendee('att-1');
    expect(usePeopleStore.getState().attendees.map((a) => a.id)).toEqual(['att-2']);
    expect(await removed).toBe(false);
    expect(usePeopleStore.getState().attendees.map((a) => a.id)).toEqual(['att-1', 'att-2']);
    expect(log.entries().at(-1)).toMatchObject({ scope: 'people', message: 'kick out of Zoe Martin failed: Server says no' });
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
