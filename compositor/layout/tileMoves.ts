/**
 * Which tiles move, appear and leave between two scenes (pure, no pixi). Within one look (no new
 * take) every tile whose rect changes eases from where it was drawn, a producer going on air fades in
 * at its place and one going off air fades out at its last rect. A take (Cut or Fade) or the first
 * scene snaps: the take's own transition is what the audience sees.
 */
import type { Rect } from '../model/types';
import { sameRect } from './tween';

export interface TileRef {
  id: string;
  rect: Rect;
}

export interface TilePlan {
  /** Rect changes ease (TILE_EASE_MS) rather than jump. */
  ease: boolean;
  /** Ids whose rect changed (they ease when `ease`). */
  moving: string[];
  /** New ids that fade in (only when `ease`). */
  entering: string[];
  /** Ids gone from the scene that fade out at their last rect (only when `ease`). */
  leaving: string[];
}

const drawn = (r: Rect): boolean => r.width > 0 && r.height > 0;

export function planTiles(previous: readonly TileRef[] | null, next: readonly TileRef[], take: boolean): TilePlan {
  const before = new Map((previous ?? []).map((t) => [t.id, t.rect]));
  const after = new Set(next.map((t) => t.id));
  const moving = next.filter((t) => before.has(t.id) && !sameRect(before.get(t.id)!, t.rect)).map((t) => t.id);
  if (previous === null || take) return { ease: false, moving, entering: [], leaving: [] };
  return {
    ease: true,
    moving,
    entering: next.filter((t) => !before.has(t.id) && drawn(t.rect)).map((t) => t.id),
    leaving: [...before].filter(([id, rect]) => !after.has(id) && drawn(rect)).map(([id]) => id),
  };
}
