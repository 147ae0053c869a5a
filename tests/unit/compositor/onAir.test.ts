import { describe, it, expect } from 'vitest';
import { goOffAir, goOnAir, reorderOnDrop, sortProducers, spotlight, swap } from '../../../compositor/layout/onAir';
import type { ProducerCard } from '../../../compositor/model/types';
import { card, frozen, live, pick } from './fixtures';

const share = (patch: Partial<ProducerCard> = {}): ProducerCard =>
  card('cs', { type: 'CONTENT_SHARING', url: null, orderRank: 50000, ...patch });

describe('goOnAir: §4 layer number and live rank', () => {
  it.each<[string, ProducerCard[], string, number, number]>([
    ['first producer gets number 2 (minimum) and rank 10', [card('a')], 'a', 2, 10],
    ['minimum 2 even if an existing number is 1', [card('a'), live('b', 1, 10)], 'a', 2, 20],
    ['highest existing number plus one', [live('a', 2, 10), live('b', 5, 20), card('c')], 'c', 6, 30],
    ['off-air cards (number 0) do not raise the number', [card('a'), card('b'), card('c')], 'c', 2, 10],
    ['rank is highest live rank plus 10', [live('a', 3, 40), live('b', 2, 10), card('c')], 'c', 4, 50],
    ['content share 20000 and its rank count only as they should', [share({ isLive: true, number: 20000, liveRank: 10 }), live('a', 2, 20), card('b')], 'b', 3, 30],
  ])('%s', (_rule, cards, id, number, liveRank) => {
    const next = goOnAir(frozen(cards), id);
    const target = next.find((c) => c.id === id);
    expect(target).toMatchObject({ isLive: true, number, liveRank });
  });

  it('a content share gets number 20000, rank 10, and pushes the other live ranks up by 10', () => {
    const cards = frozen([live('a', 2, 10), live('b', 3, 20), card('c'), share()]);
    const next = goOnAir(cards, 'cs');
    expect(pick(next, 'liveRank')).toEqual({ a: 20, b: 30, c: 0, cs: 10 });
    expect(pick(next, 'number')).toEqual({ a: 2, b: 3, c: 0, cs: 20000 });
    expect(next[2]).toBe(cards[2]); // untouched card keeps its identity
  });

  it.each<[string, ProducerCard[], string]>([
    ['already live', [live('a', 2, 10)], 'a'],
    ['unknown id', [card('a')], 'zzz'],
  ])('no-op when %s: returns the input', (_why, cards, id) => {
    expect(goOnAir(cards, id)).toBe(cards);
  });
});

describe('goOffAir', () => {
  it.each<[string, ProducerCard]>([
    ['a producer', live('a', 4, 30)],
    ['a spotted producer', live('a', 4, 30, { isSpotted: true })],
    ['the content share', share({ isLive: true, number: 20000, liveRank: 10 })],
  ])('resets number and live rank to 0 and clears on-air and spotlight for %s', (_who, target) => {
    const next = goOffAir(frozen([target, live('z', 2, 40)]), target.id);
    expect(next[0]).toMatchObject({ isLive: false, isSpotted: false, number: 0, liveRank: 0 });
    expect(next[1]).toMatchObject({ isLive: true, number: 2, liveRank: 40 });
  });

  it('returns the input when nothing changes', () => {
    const cards = [card('a')];
    expect(goOffAir(cards, 'a')).toBe(cards);
    expect(goOffAir(cards, 'zzz')).toBe(cards);
  });
});

describe('spotlight: §4 rules', () => {
  const base = (): ProducerCard[] => frozen([live('a', 2, 10), live('b', 3, 20), card('c')]);

  it.each<[string, ProducerCard[], string, Record<string, boolean>]>([
    ['spots an on-air card', base(), 'a', { a: true, b: false, c: false }],
    ['ignores an off-air card', base(), 'c', { a: false, b: false, c: false }],
    ['ignores an unknown id', base(), 'zzz', { a: false, b: false, c: false }],
    ['only one card is spotted: spotting b clears a', [live('a', 2, 10, { isSpotted: true }), live('b', 3, 20)], 'b', { a: false, b: true }],
    ['spotting the spotted card clears it', [live('a', 2, 10, { isSpotted: true }), live('b', 3, 20)], 'a', { a: false, b: false }],
  ])('%s', (_rule, cards, id, expected) => {
    expect(pick(spotlight(frozen(cards), id), 'isSpotted')).toEqual(expected);
  });
});

describe('reorderOnDrop: §4 ranks in steps of 10, lowest numbers follow the order', () => {
  const cards = (): ProducerCard[] =>
    frozen([live('a', 2, 10, { orderRank: 10 }), live('b', 3, 20, { orderRank: 20 }), card('c', { orderRank: 30 }), live('d', 4, 30, { orderRank: 40 })]);

  it.each<[string, string, number, string[], Record<string, number>, Record<string, number>, [number, number] | null]>([
    ['a to the end: ranks follow, lowest numbers swapped', 'a', 3, ['b', 'c', 'd', 'a'], { b: 10, c: 0, d: 20, a: 30 }, { a: 3, b: 2, c: 0, d: 4 }, [2, 3]],
    ['d to the front: lowest two still in order, no swap', 'd', 0, ['d', 'a', 'b', 'c'], { d: 10, a: 20, b: 30, c: 0 }, { a: 2, b: 3, c: 0, d: 4 }, null],
    ['b before a: numbers 2 and 3 swapped', 'b', 0, ['b', 'a', 'c', 'd'], { b: 10, a: 20, c: 0, d: 30 }, { a: 3, b: 2, c: 0, d: 4 }, [2, 3]],
    ['c (off air) moves: live ranks renumbered, no swap', 'c', 0, ['c', 'a', 'b', 'd'], { c: 0, a: 10, b: 20, d: 30 }, { a: 2, b: 3, c: 0, d: 4 }, null],
    ['target index past the end is clamped', 'a', 99, ['b', 'c', 'd', 'a'], { b: 10, c: 0, d: 20, a: 30 }, { a: 3, b: 2, c: 0, d: 4 }, [2, 3]],
  ])('%s', (_rule, dragged, to, order, liveRanks, numbers, swapped) => {
    const plan = reorderOnDrop(cards(), dragged, to);
    expect(plan.cards.map((c) => c.id)).toEqual(order);
    expect(plan.cards.map((c) => c.orderRank)).toEqual([10, 20, 30, 40]);
    expect(pick(plan.cards, 'liveRank')).toEqual(liveRanks);
    expect(pick(plan.cards, 'number')).toEqual(numbers);
    expect(plan.swappedNumbers).toEqual(swapped);
  });

  it('a live content share keeps rank 10 wherever it is dropped', () => {
    const input = frozen([live('a', 2, 20), share({ isLive: true, number: 20000, liveRank: 10 }), live('b', 3, 30)]);
    const plan = reorderOnDrop(input, 'cs', 2);
    expect(pick(plan.cards, 'liveRank')).toEqual({ a: 20, b: 30, cs: 10 });
    expect(pick(plan.cards, 'number')).toEqual({ a: 2, b: 3, cs: 20000 });
  });

  it('unknown id: returns the input and no swap', () => {
    const input = cards();
    expect(reorderOnDrop(input, 'zzz', 0)).toEqual({ cards: input, swappedNumbers: null });
  });
});

describe('swap: §5 sent only for an even count of present layer numbers', () => {
  const layers = [{ number: 2 }, { number: 3 }, { number: 4 }, { number: 20000 }];
  it.each<[string, number[], number[] | null]>([
    ['one pair of present numbers', [2, 3], [2, 3]],
    ['two pairs', [2, 3, 4, 20000], [2, 3, 4, 20000]],
    ['odd count', [2, 3, 4], null],
    ['single entry', [2], null],
    ['empty', [], null],
    ['an entry missing from the layers', [2, 9], null],
    ['all entries missing', [7, 8], null],
  ])('%s', (_rule, entries, expected) => {
    const result = swap(layers, frozen(entries));
    expect(result).toEqual(expected);
    if (result) expect(result).not.toBe(entries);
  });
});

describe('sortProducers: §4 producers with a URL stay ahead (stable)', () => {
  it.each<[string, ProducerCard[], string[]]>([
    ['without url moves behind', [card('a', { url: null }), card('b'), card('c')], ['b', 'c', 'a']],
    ['empty url counts as none', [card('a', { url: '' }), card('b')], ['b', 'a']],
    ['stable within each group', [card('a', { url: null }), card('b'), card('c', { url: null }), card('d')], ['b', 'd', 'a', 'c']],
    ['already sorted', [card('a'), card('b', { url: null })], ['a', 'b']],
  ])('%s', (_rule, cards, order) => {
    expect(sortProducers(frozen(cards)).map((c) => c.id)).toEqual(order);
  });

  it('returns the input when already in order', () => {
    const cards = [card('a'), card('b', { url: null })];
    expect(sortProducers(cards)).toBe(cards);
  });
});
