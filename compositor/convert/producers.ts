/**
 * Producer cards from a channel body's live layers and order of ids, over the cards this client
 * knows. A card the body does not list as live goes off air (§4: number and live rank 0, spotlight
 * cleared); a live layer of an unknown card becomes a card of its own. Unchanged cards keep their
 * identity.
 */
import { producerCard } from '../model/producerCard';
import type { Layer, ProducerCard } from '../model/types';

function cardFromLayer(layer: Layer): ProducerCard {
  return producerCard({ id: layer.sourceId, name: layer.sourceName, url: layer.sourceUrl || null, type: layer.type, orderRank: layer.orderRank });
}

function withLayer(card: ProducerCard, layer: Layer | undefined): ProducerCard {
  const next: Partial<ProducerCard> = layer
    ? { isLive: true, number: layer.number, liveRank: layer.liveRank, orderRank: layer.orderRank, isSpotted: layer.isSpotted, name: layer.sourceName, type: layer.type, url: layer.sourceUrl || card.url }
    : card.isLive
      ? { isLive: false, number: 0, liveRank: 0, isSpotted: false }
      : {};
  const keys = Object.keys(next) as (keyof ProducerCard)[];
  return keys.every((k) => card[k] === next[k]) ? card : { ...card, ...next };
}

export function mergeProducers(base: readonly ProducerCard[], layers: readonly Layer[], order: readonly string[] | null): ProducerCard[] {
  const known = new Map(base.map((c) => [c.id, c]));
  const live = new Map<string, Layer>();
  for (const layer of layers) if (!live.has(layer.sourceId)) live.set(layer.sourceId, layer);
  const ids = [...(order ?? []), ...base.map((c) => c.id), ...live.keys()];
  const seen = new Set<string>();
  const cards: ProducerCard[] = [];
  for (const id of ids) {
    if (seen.has(id)) continue;
    const card = known.get(id) ?? (live.has(id) ? cardFromLayer(live.get(id)!) : undefined);
    if (!card) continue; // an id in the order that is neither known nor live: nothing to show
    seen.add(id);
    cards.push(withLayer(card, live.get(id)));
  }
  return cards.length === base.length && cards.every((c, i) => c === base[i]) ? (base as ProducerCard[]) : cards;
}
