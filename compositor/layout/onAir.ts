/**
 * §4 "Producer going on air" as pure plans over producer cards. Every function returns a new array
 * (unchanged cards keep their identity, like Immer's structural sharing) and never mutates its
 * input; when nothing applies it returns the input array itself, so callers can skip a save.
 */
import {
  CONTENT_SHARE_LAYER_NUMBER,
  CONTENT_SHARE_LIVE_RANK,
  MIN_LAYER_NUMBER,
  RANK_STEP,
} from '../model/constants';
import type { Layer, LayerSwap, ProducerCard } from '../model/types';

export function isContentShare(card: Pick<ProducerCard, 'type'>): boolean {
  return card.type === 'CONTENT_SHARING';
}

/** Applies patches by card id; returns the input array when no field of any card changes. */
function patchCards(cards: ProducerCard[], patches: ReadonlyMap<string, Partial<ProducerCard>>): ProducerCard[] {
  let changed = false;
  const next = cards.map((card) => {
    const patch = patches.get(card.id);
    if (!patch) return card;
    const keys = Object.keys(patch) as (keyof ProducerCard)[];
    if (keys.every((k) => card[k] === patch[k])) return card;
    changed = true;
    return { ...card, ...patch };
  });
  return changed ? next : cards;
}

/**
 * Puts a card on air. A producer gets layer number = highest existing + 1 (at least 2; the content
 * share's 20000 does not count, or producers would jump past it) and liveRank = highest live rank
 * + 10. A content share gets number 20000 and rank 10 and pushes every other live rank up by 10.
 * Already live or unknown id: unchanged.
 */
export function goOnAir(cards: ProducerCard[], id: string): ProducerCard[] {
  const card = cards.find((c) => c.id === id);
  if (!card || card.isLive) return cards;
  const patches = new Map<string, Partial<ProducerCard>>();
  if (isContentShare(card)) {
    patches.set(id, { isLive: true, number: CONTENT_SHARE_LAYER_NUMBER, liveRank: CONTENT_SHARE_LIVE_RANK });
    for (const other of cards) {
      if (other.id !== id && other.isLive) patches.set(other.id, { liveRank: other.liveRank + RANK_STEP });
    }
    return patchCards(cards, patches);
  }
  const numbers = cards.filter((c) => c.number !== CONTENT_SHARE_LAYER_NUMBER).map((c) => c.number);
  const number = Math.max(MIN_LAYER_NUMBER, Math.max(0, ...numbers) + 1);
  const liveRank = Math.max(0, ...cards.filter((c) => c.isLive).map((c) => c.liveRank)) + RANK_STEP;
  patches.set(id, { isLive: true, number, liveRank });
  return patchCards(cards, patches);
}

/**
 * Takes a card off air: number and liveRank back to 0, isLive and isSpotted cleared. Hiding by
 * spotlight is derived from isSpotted (see buildLayers), so clearing it un-hides the others.
 */
export function goOffAir(cards: ProducerCard[], id: string): ProducerCard[] {
  return patchCards(cards, new Map([[id, { isLive: false, isSpotted: false, number: 0, liveRank: 0 }]]));
}

/**
 * Toggles the spotlight. Only an on-air card can be spotted, only one at a time; spotting the
 * spotted card clears it. The others are hidden while one is spotted (derived in buildLayers).
 */
export function spotlight(cards: ProducerCard[], id: string): ProducerCard[] {
  const card = cards.find((c) => c.id === id);
  if (!card || !card.isLive) return cards;
  const patches = new Map<string, Partial<ProducerCard>>();
  for (const c of cards) patches.set(c.id, { isSpotted: c.id === id ? !card.isSpotted : false });
  return patchCards(cards, patches);
}

export interface ReorderPlan {
  /** Cards in their new backstage order with ranks (and maybe numbers) reassigned. */
  cards: ProducerCard[];
  /** The two layer numbers exchanged, or null when none was. */
  swappedNumbers: [number, number] | null;
}

/**
 * Drop of a card in the backstage grid. `cards` is in display order; the dragged card moves to
 * `targetIndex` (clamped). orderRank becomes 10, 20, … in the new order; live cards get liveRank
 * 10, 20, … in the new order, a live content share keeping rank 10 first (§4). Then, if the live
 * producer with the lowest layer number now comes after the one with the second lowest, their
 * numbers are exchanged so numbers follow the order.
 */
export function reorderOnDrop(cards: ProducerCard[], draggedId: string, targetIndex: number): ReorderPlan {
  const from = cards.findIndex((c) => c.id === draggedId);
  const dragged = cards[from];
  if (!dragged) return { cards, swappedNumbers: null };
  const order = cards.filter((c) => c.id !== draggedId);
  const to = Math.max(0, Math.min(order.length, Math.floor(Number.isFinite(targetIndex) ? targetIndex : order.length)));
  order.splice(to, 0, dragged);

  const live = order.filter((c) => c.isLive);
  const liveOrder = [...live.filter(isContentShare), ...live.filter((c) => !isContentShare(c))];
  const liveRanks = new Map(liveOrder.map((c, i) => [c.id, (i + 1) * RANK_STEP]));

  const numbered = order
    .filter((c) => c.isLive && !isContentShare(c) && c.number > 0)
    .sort((a, b) => a.number - b.number);
  const [lowest, second] = numbered;
  const outOfOrder = lowest && second && order.indexOf(lowest) > order.indexOf(second);

  const next = order.map((card, i) => {
    const patch: Partial<ProducerCard> = { orderRank: (i + 1) * RANK_STEP };
    const liveRank = liveRanks.get(card.id);
    if (liveRank !== undefined) patch.liveRank = liveRank;
    if (outOfOrder && card === lowest) patch.number = second.number;
    if (outOfOrder && card === second) patch.number = lowest.number;
    const keys = Object.keys(patch) as (keyof ProducerCard)[];
    return keys.every((k) => card[k] === patch[k]) ? card : { ...card, ...patch };
  });
  return { cards: next, swappedNumbers: outOfOrder ? [lowest.number, second.number] : null };
}

/**
 * §5 swap validation: the payload is sent only if it has an even, non-zero number of entries and
 * every entry is the number of a present layer; otherwise null (nothing to send). An empty swap is
 * refused too: it would save a channel for nothing.
 */
export function swap(layers: readonly Pick<Layer, 'number'>[], entries: readonly number[]): LayerSwap | null {
  if (entries.length === 0 || entries.length % 2 !== 0) return null;
  const present = new Set(layers.map((l) => l.number));
  return entries.every((e) => present.has(e)) ? [...entries] : null;
}

/** §4 producers with a URL stay ahead of those without; otherwise the order is kept (stable). */
export function sortProducers(cards: ProducerCard[]): ProducerCard[] {
  const hasUrl = (c: ProducerCard): boolean => typeof c.url === 'string' && c.url.length > 0;
  const sorted = [...cards.filter(hasUrl), ...cards.filter((c) => !hasUrl(c))];
  return sorted.every((c, i) => c === cards[i]) ? cards : sorted;
}
