/**
 * What a drop will do, said while dragging (issue 26 'Drag with intent'): on a card it swaps, between
 * cards it moves, on the preview it puts the card on air. Pure; the same words name the undo entry.
 */
import type { ProducerCard } from '../../../compositor/model/types';
import { editLabels } from '../../state/channel/stageActions';

export type Drop = { kind: 'swap'; targetId: string } | { kind: 'move'; index: number } | { kind: 'preview' } | null;

type Card = Pick<ProducerCard, 'id' | 'name' | 'isLive'>;

export const DROP_TEXTS = {
  move: 'Move here',
  alreadyOnAir: (name: string) => `${name} is already on air`,
  /** One of the two is on air: the other takes their place on stage. */
  swapOnAir: (name: string) => `Swap on air with ${name}`,
  /** Both on air: they change places on stage. */
  swapOnStage: (name: string) => `Swap places on stage with ${name}`,
  swapPlaces: (name: string) => `Swap places with ${name}`,
};

/** The sentence a drop target shows for the dragged card, or null where nothing would happen. */
export function dropIntent(drop: Drop, dragged: Card, cards: readonly Card[]): string | null {
  if (!drop) return null;
  if (drop.kind === 'move') return DROP_TEXTS.move;
  if (drop.kind === 'preview') return dragged.isLive ? DROP_TEXTS.alreadyOnAir(dragged.name) : editLabels.onAir(dragged.name, true);
  const target = cards.find((c) => c.id === drop.targetId);
  if (!target) return null;
  if (target.isLive && dragged.isLive) return DROP_TEXTS.swapOnStage(target.name);
  if (target.isLive || dragged.isLive) return DROP_TEXTS.swapOnAir(target.name);
  return DROP_TEXTS.swapPlaces(target.name);
}

/** The undo entry of a drag, named by what the drop did. */
export function dragLabel(drop: Drop, dragged: Card, cards: readonly Card[]): string | undefined {
  if (!drop) return undefined;
  if (drop.kind === 'preview') return editLabels.onAir(dragged.name, true);
  if (drop.kind === 'move') return editLabels.move(dragged.name);
  const target = cards.find((c) => c.id === drop.targetId);
  return target ? editLabels.swap(dragged.name, target.name) : undefined;
}
