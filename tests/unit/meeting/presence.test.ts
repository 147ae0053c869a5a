import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { producerCard } from '../../../compositor/model/producerCard';
import { ROSTER_ABSENCE_MS, ROSTER_CLEANUP_MS } from '../../../src/state/people/limits';
import type { RosterEntry } from '../../../src/state/people/people';
import { peopleActions, usePeopleStore } from '../../../src/state/people/peopleStore';
import { autoAirsContentShare, cardsForPresenters, screenFeedId } from '../../../src/state/people/presenterCards';

const guest = (id: string, extra: Partial<RosterEntry> = {}): RosterEntry => ({ id: `guid-${id}`, participantId: id, name: `Guest ${id}`, role: 'Panelist', joinTime: 1, ...extra });
const presentIds = () => usePeopleStore.getState().presenters.map((p) => p.participantId);

describe('§4 presence of presenters (media roster), with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    peopleActions.reset();
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('keeps a presenter missing for up to 5 s, marks them out after, and frees them at the next 5 s cleanup', () => {
    // The cleanup runs every 5 s (services/show/audience.ts); the roster changes whenever someone comes or goes.
    setInterval(() => peopleActions.cleanup(Date.now()), ROSTER_CLEANUP_MS);
    peopleActions.roster([guest('guest-a'), guest('guest-b')], Date.now());
    expect(presentIds()).toEqual(['guest-a', 'guest-b']);
    vi.advanceTimersByTime(2000);
    peopleActions.roster([guest('guest-a')], Date.now()); // b drops out of the media roster at t = 2 s
    expect(presentIds()).toEqual(['guest-a', 'guest-b']);
    vi.advanceTimersByTime(ROSTER_CLEANUP_MS - 2000); // cleanup at 5 s: b was last seen at 0 → gone for 5 s, not over
    expect(presentIds()).toEqual(['guest-a', 'guest-b']);
    vi.advanceTimersByTime(ROSTER_CLEANUP_MS); // cleanup at 10 s: out of the roster for over 5 s → freed
    expect(presentIds()).toEqual(['guest-a']);
    expect(ROSTER_ABSENCE_MS).toBe(5000);
    expect(ROSTER_CLEANUP_MS).toBe(5000);
  });

  it('a presenter back within 5 s (a reconnect) keeps their place', () => {
    setInterval(() => peopleActions.cleanup(Date.now()), ROSTER_CLEANUP_MS);
    peopleActions.roster([guest('guest-a')], Date.now());
    vi.advanceTimersByTime(4000);
    peopleActions.roster([], Date.now()); // gone at 4 s (last seen at 4 s)
    vi.advanceTimersByTime(3000);
    peopleActions.roster([guest('guest-a')], Date.now()); // back at 7 s
    vi.advanceTimersByTime(20_000);
    expect(presentIds()).toEqual(['guest-a']);
  });

  it('only non-attendees with a card id are presenters; an attendee on the interactive roster is neither', () => {
    peopleActions.roster([guest('guest-a'), { id: 'att-1', name: 'Ann', role: 'Attendee', joinTime: 1 }, { id: 'x', name: 'No card', role: 'Panelist', joinTime: 1 }], 0);
    expect(presentIds()).toEqual(['guest-a']);
    expect(usePeopleStore.getState().attendees).toEqual([]);
  });

  it('a presenter the host removed is gone at once, and a roster sent before the removal does not bring them back', () => {
    peopleActions.roster([guest('guest-a'), guest('guest-b')], 0);
    const gone = peopleActions.forgetPresenter('guid-guest-a');
    expect(presentIds()).toEqual(['guest-b']);
    peopleActions.roster([guest('guest-a'), guest('guest-b')], 1); // stale
    expect(presentIds()).toEqual(['guest-b']);
    peopleActions.restorePresenter(gone!); // the kick-out failed: back
    expect(presentIds()).toEqual(['guest-b', 'guest-a']);
  });

  it('a roster update carries the host’s mutes and a new name to a known presenter', () => {
    peopleActions.roster([guest('guest-a')], 0);
    peopleActions.roster([guest('guest-a', { name: 'Dr. A', audioMute: true, audioHardMute: true })], 1);
    const p = usePeopleStore.getState().presenters[0]!;
    expect([p.name, p.audioMute, p.audioHardMute]).toEqual(['Dr. A', true, true]);
  });
});

describe('cards for presenters', () => {
  const self = producerCard({ id: 'self', name: 'Me', type: 'MODERATOR', url: 'local:camera' });
  const presenters = (entries: RosterEntry[]) => {
    peopleActions.reset();
    peopleActions.roster(entries, 0);
    return usePeopleStore.getState().presenters;
  };

  it('a guest gets a card showing their meeting feed; the own entry never does', () => {
    const { producers, entered } = cardsForPresenters([self], presenters([guest('guest-a'), { id: 'g0', participantId: 'producer-1', name: 'Me', role: 'Moderator', joinTime: 1 }]), 'producer-1', true);
    expect(producers.map((c) => [c.id, c.url, c.type, c.participantGuid])).toEqual([
      ['self', 'local:camera', 'MODERATOR', 'self'],
      ['guest-a', 'meeting:guest-a', 'PRODUCER', 'guid-guest-a'],
    ]);
    expect(entered.map((c) => c.id)).toEqual(['guest-a']);
  });

  it('a freed presenter’s card goes, off air first; nothing else changes', () => {
    const withGuest = cardsForPresenters([self], presenters([guest('guest-a')]), 'producer-1', true).producers;
    const live = withGuest.map((c) => (c.id === 'guest-a' ? { ...c, isLive: true, number: 2, liveRank: 10 } : c));
    const { producers } = cardsForPresenters(live, presenters([]), 'producer-1', true);
    expect(producers.map((c) => c.id)).toEqual(['self']);
    expect(cardsForPresenters(producers, presenters([]), 'producer-1', true).producers).toBe(producers);
  });

  it('a screen share is a content-share card named after the sharer; the host’s own goes on air by itself', () => {
    const mine = cardsForPresenters([self], presenters([{ id: 'g0', participantId: 'producer-1', name: 'Priya Patel', role: 'Moderator', joinTime: 1, shareScreen: true }]), 'producer-1', true).producers;
    const share = mine.find((c) => c.id === screenFeedId('producer-1'))!;
    expect([share.type, share.name, share.url, share.isLive]).toEqual(['CONTENT_SHARING', 'Priya Patel', 'meeting:producer-1~screen', true]);
  });

  it('a guest’s share never goes on air by itself, nor the host’s with the setting off', () => {
    const guests = cardsForPresenters([self], presenters([guest('guest-a', { shareScreen: true })]), 'producer-1', true).producers;
    expect(guests.find((c) => c.type === 'CONTENT_SHARING')!.isLive).toBe(false);
    const off = cardsForPresenters([self], presenters([{ id: 'g0', participantId: 'producer-1', name: 'P', role: 'Moderator', joinTime: 1, shareScreen: true }]), 'producer-1', false).producers;
    expect(off.find((c) => c.type === 'CONTENT_SHARING')!.isLive).toBe(false);
  });

  it('auto-air rule table', () => {
    expect(autoAirsContentShare('producer-1', 'producer-1', true)).toBe(true);
    expect(autoAirsContentShare('producer-1', 'producer-1', false)).toBe(false);
    expect(autoAirsContentShare('guest-a', 'producer-1', true)).toBe(false);
    expect(autoAirsContentShare('producer-2', 'producer-1', true)).toBe(false);
  });

  it('a share stopped (or asked to stop) removes its card', () => {
    const sharing = cardsForPresenters([self], presenters([guest('guest-a', { shareScreen: true })]), 'p', true).producers;
    expect(cardsForPresenters(sharing, presenters([guest('guest-a', { shareScreen: false })]), 'p', true).producers.map((c) => c.id)).toEqual(['self', 'guest-a']);
    expect(cardsForPresenters(sharing, presenters([guest('guest-a', { shareScreen: true, contentShareMute: true })]), 'p', true).producers.map((c) => c.id)).toEqual(['self', 'guest-a']);
  });
});
