/** Test data for the compositor kernel: producer cards with §3 defaults. */
import type { ProducerCard } from '../../../compositor/model/types';
import { producerCard } from '../../../compositor/model/producerCard';

export function card(id: string, patch: Partial<ProducerCard> = {}): ProducerCard {
  return producerCard({ id, name: `Guest ${id}`, url: `https://media.example/${id}`, participantGuid: `guid-${id}`, ...patch });
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
