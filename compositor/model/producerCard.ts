/** Building producer cards (§3 Producer card defaults). Pure: usable by tests and tools outside Vite. */
import { DEFAULT_CALL_QUALITY, RANK_STEP } from './constants';
import type { ProducerCard } from './types';

export function producerCard(fields: Pick<ProducerCard, 'id' | 'name'> & Partial<ProducerCard>): ProducerCard {
  return {
    url: null,
    number: 0,
    type: 'PRODUCER',
    isLive: false,
    liveRank: 0,
    orderRank: 0,
    isSpotted: false,
    audioMute: false,
    videoMute: false,
    audioHardMute: false,
    videoHardMute: false,
    callQuality: DEFAULT_CALL_QUALITY,
    timezone: 'America/New_York',
    participantGuid: fields.id,
    streamIndex: 0,
    speaking: false,
    ...fields,
  };
}

/** Backstage order ranks in steps of 10 (§9), in the given order. */
export function withOrderRanks(cards: ProducerCard[]): ProducerCard[] {
  return cards.map((c, i) => ({ ...c, orderRank: (i + 1) * RANK_STEP }));
}

