import { describe, it, expect } from 'vitest';
import { buildLayers, liveInShowOrder, roundPosition, sceneLayout } from '../../../compositor/layout/layers';
import { goOffAir, goOnAir, spotlight } from '../../../compositor/layout/onAir';
import { layoutRects } from '../../../compositor/layout/rects';
import type { LayoutCode, ProducerCard, Rect } from '../../../compositor/model/types';
import { card, frozen, live } from './fixtures';

const FULL: Rect = { x: 0, y: 0, width: 1, height: 1 };
const share = (): ProducerCard => card('cs', { type: 'CONTENT_SHARING', url: null, isLive: true, number: 20000, liveRank: 10, orderRank: 50000 });
/** n live producers p1..pn with ranks 10..n*10 (numbers 2..n+1). */
const producers = (n: number): ProducerCard[] => Array.from({ length: n }, (_, i) => live(`p${i + 1}`, i + 2, (i + 1) * 10, { orderRank: (i + 1) * 10 }));

describe('buildLayers', () => {
  it('one layer per live card, fields from the card, in liveRank order', () => {
    const cards = frozen([live('b', 3, 20, { orderRank: 10 }), card('off'), live('a', 2, 10, { orderRank: 20, name: 'Ann' })]);
    const layers = buildLayers(cards, 'CLASSIC');
    expect(layers.map((l) => l.sourceId)).toEqual(['a', 'b']);
    expect(layers[0]).toMatchObject({
      number: 2,
      type: 'PRODUCER',
      sourceUrl: 'https://media.example/a',
      sourceName: 'Ann',
      isHidden: false,
      isSpotted: false,
      orderRank: 20,
      liveRank: 10,
    });
    expect(layers.map((l) => l.position)).toEqual(layoutRects('CLASSIC', 2).map((s) => s.position));
  });

  it.each<[LayoutCode, number]>([
    ['CLASSIC', 9],
    ['CINEMA', 9],
    ['PIP', 9],
  ])('%s: at most %i shown; the 10th and later are hidden', (layout, max) => {
    const layers = buildLayers(frozen(producers(11)), layout);
    expect(layers).toHaveLength(11);
    expect(layers.slice(0, max).every((l) => !l.isHidden)).toBe(true);
    expect(layers.slice(max).every((l) => l.isHidden && l.position.width === 0)).toBe(true);
  });

  it('COVER: only the first live producer is shown', () => {
    const layers = buildLayers(producers(3), 'COVER');
    expect(layers.map((l) => l.isHidden)).toEqual([false, true, true]);
    expect(layers[0]!.position).toEqual(FULL);
  });

  it.each<[string, ProducerCard[], string]>([
    ['a spotted producer fills the frame, the others are hidden', spotlight(producers(4), 'p3'), 'p3'],
    ['a spotted 10th producer is shown too', spotlight(producers(10), 'p10'), 'p10'],
  ])('%s', (_rule, cards, spotted) => {
    const layers = buildLayers(cards, 'CLASSIC');
    for (const l of layers) {
      expect(l.isHidden).toBe(l.sourceId !== spotted);
      expect(l.isSpotted).toBe(l.sourceId === spotted);
    }
    expect(layers.find((l) => l.sourceId === spotted)!.position).toEqual(FULL);
  });

  it('the spotted card going off air un-hides the others', () => {
    const cards = goOffAir(spotlight(producers(3), 'p2'), 'p2');
    expect(buildLayers(cards, 'CLASSIC').map((l) => [l.sourceId, l.isHidden])).toEqual([
      ['p1', false],
      ['p3', false],
    ]);
  });

  it('a content share comes first with layer number 20000, uncropped, in the main slot', () => {
    const cards = goOnAir([...producers(2), card('cs', { type: 'CONTENT_SHARING', url: null, orderRank: 50000 })], 'cs');
    const layers = buildLayers(cards, 'CINEMA');
    expect(layers[0]).toMatchObject({ number: 20000, type: 'CONTENT_SHARING', liveRank: 10, sourceUrl: '', isHidden: false });
    expect(layers[0]!.crop).toEqual({ top: 0, left: 0, bottom: 0, right: 0 });
    expect(layers[0]!.position.width).toBeGreaterThan(layers[1]!.position.width);
    expect(layers.map((l) => l.liveRank)).toEqual([10, 20, 30]);
  });

  it.each<[string, ProducerCard[], LayoutCode, LayoutCode]>([
    ['Split with 2 live is drawn as Cover', producers(2), 'SPLIT', 'COVER'],
    ['Cover with a content share is drawn as Cinema', [share(), ...producers(2)], 'COVER', 'CINEMA'],
    ['PIP with 1 live is drawn as Cover', producers(1), 'PIP', 'COVER'],
    ['11 live count as 9 for availability', producers(11), 'SPLIT', 'CLASSIC'],
  ])('substitution: %s', (_rule, cards, requested, drawn) => {
    expect(sceneLayout(cards, requested)).toBe(drawn);
    const shown = Math.min(cards.filter((c) => c.isLive).length, 9);
    const contentShare = cards.some((c) => c.type === 'CONTENT_SHARING');
    const expected = layoutRects(drawn, shown, { contentShare }).map((s) => s.position);
    expect(buildLayers(cards, requested).slice(0, shown).map((l) => l.position)).toEqual(expected);
  });

  it('substitute: false draws the layout as asked', () => {
    const layers = buildLayers(producers(2), 'SPLIT', { substitute: false });
    expect(layers.map((l) => l.position)).toEqual(layoutRects('SPLIT', 2).map((s) => s.position));
  });

  it('no live cards: no layers', () => {
    expect(buildLayers([card('a'), card('b')], 'CLASSIC')).toEqual([]);
  });

  it('show order: content share first, then liveRank, ties by orderRank', () => {
    const cards = [live('x', 2, 20, { orderRank: 30 }), live('y', 3, 20, { orderRank: 10 }), share(), live('z', 4, 5)];
    expect(liveInShowOrder(cards).map((c) => c.id)).toEqual(['cs', 'z', 'y', 'x']);
  });
});

describe('roundPosition: 4 decimals by edges', () => {
  it.each<[Rect, Rect]>([
    [{ x: 0.12344, y: 0.5, width: 0.20002, height: 0.1 }, { x: 0.1234, y: 0.5, width: 0.2001, height: 0.1 }],
    [{ x: 1 / 3, y: 0, width: 2 / 3, height: 1 }, { x: 0.3333, y: 0, width: 0.6667, height: 1 }],
    [{ x: -0.00001, y: 0, width: 0.5, height: 0.5 }, { x: 0, y: 0, width: 0.5, height: 0.5 }],
  ])('%j → %j', (input, expected) => {
    const r = roundPosition(input);
    expect(r).toEqual(expected);
    expect(Object.is(r.x, -0)).toBe(false);
  });
});
