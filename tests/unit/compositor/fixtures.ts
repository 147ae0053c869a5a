/** Test data for the compositor kernel: producer cards with §3 defaults. */
import { DEFAULT_CALL_QUALITY } from '../../../compositor/model/constants';
import type { ProducerCard } from '../../../compositor/model/types';

export function card(id: string, patch: Partial<ProducerCard> = {}): ProducerCard {
  return {
    id,
    name: `Guest ${id}`,
    url: `https://media.example/${id}`,
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
    participantGuid: `guid-${id}`,
    streamIndex: 0,
    speaking: false,
    ...patch,
  };
}

/** A live producer with the given layer number and live rank. */
export function live(id: string, number: number, liveRank: number, patch: Partial<ProducerCard> = {}): ProducerCard {
  return card(id, { isLive: true, number, liveRank, ...patch });
}

/** Deep-freezes test input so any mutation by the kernel throws. */
export function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach((v) => frozen(v));
    Object.freeze(value);
  }
  return value;
}

/** Card fields by id, for compact expectations. */
export function pick<K extends keyof ProducerCard>(cards: ProducerCard[], key: K): Record<string, ProducerCard[K]> {
  return Object.fromEntries(cards.map((c) => [c.id, c[key]]));
}
