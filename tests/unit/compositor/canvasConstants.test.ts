/** §9 Canvas and layers: the named constants, and where the code relies on them. */
import { describe, expect, it } from 'vitest';
import { CANVAS_UNITS, CONTENT_SHARE_INITIAL_RANK, DEFAULT_CONTENT_STREAM_INDEX, POSITION_DECIMALS, RANK_STEP } from '../../../compositor/model/constants';
import { roundFraction } from '../../../compositor/layout/round';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';
import { cardsForPresenters, screenFeedId } from '../../../src/state/people/presenterCards';
import type { Participant } from '../../../src/state/people/people';

const presenter = (id: string, shareScreen = false): Participant => ({
  id,
  participantId: id,
  name: id,
  role: 'Panelist',
  joinTime: 0,
  isSelf: false,
  inParticipantRoster: true,
  lastSeen: 0,
  audioMute: false,
  videoMute: false,
  audioHardMute: false,
  videoHardMute: false,
  shareScreen,
});

describe('§9 canvas and layers', () => {
  it('the live canvas is 10000 × 10000 units: a position is a whole number of them (4 decimals)', () => {
    expect(CANVAS_UNITS).toBe(10000);
    expect(10 ** POSITION_DECIMALS).toBe(CANVAS_UNITS);
    expect(roundFraction(1 / 3) * CANVAS_UNITS).toBe(3333);
  });

  it('a new content share starts at rank 50000 (after every producer) with stream index 99', () => {
    expect(CONTENT_SHARE_INITIAL_RANK).toBe(50000);
    expect(DEFAULT_CONTENT_STREAM_INDEX).toBe(99);
    const cards = withOrderRanks([producerCard({ id: 'self', name: 'Me' }), producerCard({ id: 'a', name: 'a' })]);
    const { producers } = cardsForPresenters(cards, [presenter('a', true), presenter('b')], 'self', false);
    const share = producers.find((c) => c.id === screenFeedId('a'))!;
    expect(share.orderRank).toBe(CONTENT_SHARE_INITIAL_RANK);
    expect(share.streamIndex).toBe(DEFAULT_CONTENT_STREAM_INDEX);
    // A person who enters later still goes after the others, by the rank step.
    const b = producers.find((c) => c.id === 'b')!;
    expect(b.orderRank).toBe(Math.max(...cards.map((c) => c.orderRank)) + RANK_STEP);
  });
});
