/**
 * §3 Layer list for the live producers: what the compositor draws and PUT /channel sends.
 */
import { CONTENT_SHARE_LAYER_NUMBER, MAX_LIVE_SHOWN } from '../model/constants';
import type { FrameShape } from '../model/frame';
import type { Layer, LayoutCode, ProducerCard } from '../model/types';
import { effectiveLayout } from './availability';
import { isContentShare } from './onAir';
import { FULL_FRAME_SLOT, HIDDEN_SLOT, layoutRects, type LayoutSlot } from './rects';

export { roundPosition } from './round';

export interface BuildLayersOptions {
  /** Apply §4 substitution to the requested layout first (default true). */
  substitute?: boolean;
  /** The frame the positions are for (issue 34): 16:9 (what PUT /channel sends) unless said. */
  shape?: FrameShape;
  /** 9:16: the share of the height the layout fills (layoutRects' areaHeight). */
  areaHeight?: number;
}

/**
 * Live cards in show order: a live content share first (it owns the main slot; its rank 10 says
 * the same), then by liveRank, ties by orderRank. Includes cards past MAX_LIVE_SHOWN.
 */
export function liveInShowOrder(cards: readonly ProducerCard[]): ProducerCard[] {
  return cards
    .filter((c) => c.isLive)
    .map((card, index) => ({ card, index }))
    .sort(
      (a, b) =>
        Number(isContentShare(b.card)) - Number(isContentShare(a.card)) ||
        a.card.liveRank - b.card.liveRank ||
        a.card.orderRank - b.card.orderRank ||
        a.index - b.index,
    )
    .map(({ card }) => card);
}

/** The layout drawn for these cards when `requested` is chosen (§4 availability). */
export function sceneLayout(cards: readonly ProducerCard[], requested: LayoutCode): LayoutCode {
  const live = liveInShowOrder(cards);
  const contentShareLive = live[0] !== undefined && isContentShare(live[0]);
  return effectiveLayout(requested, live.length, contentShareLive);
}

/** The card in the spotlight (§4: only an on-air card; it fills the program and hides the others), if any. */
export function spottedOnAir(cards: readonly ProducerCard[]): ProducerCard | undefined {
  return cards.find((c) => c.isLive && c.isSpotted);
}

function toLayer(card: ProducerCard, slot: LayoutSlot): Layer {
  return {
    number: isContentShare(card) ? CONTENT_SHARE_LAYER_NUMBER : card.number,
    type: card.type,
    sourceUrl: card.url ?? '',
    sourceId: card.id,
    sourceName: card.name,
    isHidden: slot.isHidden,
    isSpotted: card.isSpotted,
    orderRank: card.orderRank,
    liveRank: card.liveRank,
    position: slot.position,
    crop: slot.crop,
  };
}

/**
 * One layer per live card, in show order. The first MAX_LIVE_SHOWN get the layout's slots; the rest
 * are isHidden. While a card is spotted it fills the frame (the card's button is "spotlight/expand")
 * and every other layer is isHidden (§4 "Spotting a producer hides the others").
 */
export function buildLayers(cards: readonly ProducerCard[], layout: LayoutCode, opts: BuildLayersOptions = {}): Layer[] {
  const live = liveInShowOrder(cards);
  const spotted = spottedOnAir(live);
  if (spotted) return live.map((card) => toLayer(card, card === spotted ? FULL_FRAME_SLOT : HIDDEN_SLOT));

  const shown = live.slice(0, MAX_LIVE_SHOWN);
  const contentShare = shown[0] !== undefined && isContentShare(shown[0]);
  const drawn = opts.substitute === false ? layout : effectiveLayout(layout, shown.length, contentShare);
  const slots = layoutRects(drawn, shown.length, { contentShare, ...(opts.shape ? { shape: opts.shape } : {}), ...(opts.areaHeight !== undefined ? { areaHeight: opts.areaHeight } : {}) });
  return live.map((card, i) => toLayer(card, slots[i] ?? HIDDEN_SLOT));
}
